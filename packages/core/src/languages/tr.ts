/**
 * Turkish (Türkçe) for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import tr from "@latch/core/languages/tr"
 * const config = { providers, languages: [tr] }
 * ```
 *
 * @module languages/tr
 */
import type { Language } from "../types/language.js";

const tr: Language = {
  code: "tr",
  name: "Türkçe",
  dir: "ltr",
  messages: {
    signInTitle: "Giriş yap",
    signInWith: "{provider} ile giriş yap",
    signInEmailLabel: "E-posta adresi",
    signInEmailPlaceholder: "siz@ornek.com",
    signInOr: "veya",
    signInNoProviders: "Yapılandırılmış bir giriş yöntemi yok.",
    signInReason: "Neden: {code}",
    signInErrorCredentialsSignin: "Bu bilgilerle giriş yapılamadı. Bilgileri kontrol edip yeniden deneyin.",
    signInErrorOAuthAccountNotLinked: "E-posta adresiniz başka bir giriş yöntemiyle kullanılıyor. Siz olduğunuzu doğrulamak için ilk seferde kullandığınız hesapla giriş yapın.",
    signInErrorOAuthCallbackError: "Giriş hizmeti bir sorun bildirdi. Yeniden deneyin veya başka bir giriş yöntemi seçin.",
    signInErrorOAuthSignInError: "Bu hizmetle giriş başlatılamadı. Yeniden deneyin veya başka bir giriş yöntemi seçin.",
    signInErrorEmailSignInError: "Giriş e-postası gönderilemedi. Adresi kontrol edip yeniden deneyin.",
    signInErrorMissingCSRF: "Bu formun süresi doldu. Lütfen yeniden deneyin.",
    signInErrorAccessDenied: "Giriş yapma izniniz yok.",
    signInErrorVerification: "Bu giriş bağlantısı artık çalışmıyor: daha önce kullanılmış veya süresi dolmuş. Aşağıdan yenisini isteyin.",
    signInErrorAccountNotLinked: "Bu giriş yöntemi zaten başka bir hesaba ait.",
    signInErrorWebAuthnVerificationError: "Geçiş anahtarınız doğrulanamadı. Yeniden deneyin veya başka bir giriş yöntemi seçin.",
    signInErrorSessionRequired: "Bu sayfayı görmek için lütfen giriş yapın.",
    signInErrorRateLimited: "Çok fazla deneme yapıldı. Lütfen daha sonra tekrar deneyin.",
    signInErrorDefault: "Giriş sırasında bir sorun oluştu. Lütfen yeniden deneyin.",

    signOutTitle: "Çıkış yap",
    signOutQuestion: "Çıkış yapmak istediğinizden emin misiniz?",

    errorConfigurationHeading: "Sunucu hatası",
    errorConfigurationMessage: "Sunucu doğru yapılandırılmadığı için şu anda giriş yapılamıyor. Sorun devam ederse sitenin yöneticisiyle iletişime geçin.",
    errorAccessDeniedHeading: "Erişim reddedildi",
    errorAccessDeniedMessage: "Giriş yapma izniniz yok.",
    errorVerificationHeading: "Bağlantı artık geçerli değil",
    errorVerificationMessage: "Bu giriş bağlantısı artık kullanılamaz: daha önce kullanılmış veya süresi dolmuş. Yenisini almak için yeniden giriş yapın.",
    errorDefaultHeading: "Bir sorun oluştu",
    errorDefaultMessage: "Bu istek tamamlanamadı. Lütfen yeniden giriş yapmayı deneyin.",
    errorCode: "Hata kodu: {code}",
    errorSignInLink: "Giriş yap",
    homeLink: "Ana sayfa",

    verifyTitle: "E-postanızı kontrol edin",
    verifySentTo: "{email} adresine bir giriş bağlantısı gönderdik. Girişi tamamlamak için bağlantıyı açın.",
    verifySent: "Size bir giriş bağlantısı gönderdik. Girişi tamamlamak için bağlantıyı açın.",
    verifyHint: "Bu sayfayı kapatabilirsiniz. E-posta birkaç dakika içinde gelmezse istenmeyen e-posta klasörünüze bakın.",

    sessionsTitle: "Oturumlarınız",
    sessionsUnknownBrowser: "Bilinmeyen tarayıcı",
    sessionsThisBrowser: "(bu tarayıcı)",
    sessionsTimes: "Giriş: {created} · son etkinlik: {lastSeen}",
    sessionsUnknownTime: "bilinmiyor",
    sessionsEnd: "Bu oturumu kapat",
    sessionsEndOthers: "Diğer tüm oturumları kapat",
    sessionsEndAll: "Her yerden çıkış yap",

    // Passwords
    signInCreateAccount: "Hesap oluştur",
    signInForgotPassword: "Şifrenizi mi unuttunuz?",
    signInPasswordChanged: "Şifreniz değiştirildi. Yeni şifrenizle giriş yapın.",
    passwordLabel: "Şifre",
    passwordNewLabel: "Yeni şifre",
    passwordCurrentLabel: "Mevcut şifre",
    passwordHint: "En az {minimum} karakter. Boşluk dahil her karaktere izin verilir.",
    passwordTooShort: "En az {minimum} karakter kullanın.",
    passwordTooLong: "En fazla {maximum} karakter kullanın.",
    passwordCommon: "Bu şifre, saldırganların ilk denediği en yaygın şifrelerden biri. Başka bir şifre seçin.",
    passwordWrongCurrent: "Bu, mevcut şifreniz değil.",
    signUpTitle: "Hesap oluştur",
    signUpNameLabel: "Adınız (isteğe bağlı)",
    signUpSubmit: "Hesap oluştur",
    signUpHaveAccount: "Zaten hesabınız var mı? Giriş yapın",
    forgotTitle: "Şifrenizi sıfırlayın",
    forgotIntro: "Hesabınızın e-posta adresini girin; yeni bir şifre seçmeniz için size bir bağlantı gönderelim.",
    forgotSubmit: "Bağlantıyı gönder",
    resetTitle: "Yeni bir şifre seçin",
    resetSubmit: "Yeni şifreyi kaydet",
    changeTitle: "Şifrenizi değiştirin",
    changeSubmit: "Şifreyi değiştir",
    verifySignUpSent: "Girdiğiniz adrese bir e-posta gönderdik. Adresi doğrulamak ve hesabınızı oluşturmayı tamamlamak için e-postadaki bağlantıyı açın.",
    verifyResetSent: "Girdiğiniz adresi kullanan bir hesap varsa, yeni bir şifre seçmeniz için bu adrese bir bağlantı gönderdik.",
    signUpEmailSubject: "{host} için e-posta adresinizi doğrulayın",
    signUpEmailOpenLink: "Adresinizi doğrulamak ve hesabınızı oluşturmayı tamamlamak için bu bağlantıyı açın:",
    signUpEmailButton: "Adresimi doğrula",
    signUpEmailIgnore: "Hesap oluşturmadıysanız bağlantıyı açmayın ve bu e-postayı yok sayın.",
    accountExistsEmailSubject: "{host} üzerinde kayıt denemesi",
    accountExistsEmailText: "Birisi, belki de siz, {host} üzerinde bu e-posta adresiyle hesap oluşturmaya çalıştı; ancak bu adrese ait bir hesap zaten var. Hiçbir şey değişmedi. Bu sizseniz giriş yapın ya da şifrenizi unuttuysanız yeni bir şifre seçin:",
    accountExistsEmailButton: "Yeni bir şifre seç",
    accountExistsEmailIgnore: "Bu siz değilseniz bu e-postayı yok sayabilirsiniz.",
    resetEmailSubject: "{host} için şifrenizi sıfırlayın",
    resetEmailOpenLink: "Yeni bir şifre seçmek için bu bağlantıyı açın:",
    resetEmailButton: "Yeni bir şifre seç",
    resetEmailIgnore: "Şifrenizi sıfırlamayı siz istemediyseniz bu e-postayı yok sayın: şifreniz olduğu gibi kalır.",

    emailSubject: "{host} için giriş",
    emailOpenLink: "Giriş yapmak için bu bağlantıyı açın:",
    emailButton: "Giriş yap",
    emailExpires: "Bağlantı yalnızca bir kez çalışır ve {time} sonra geçerliliğini yitirir.",
    emailIgnore: "Bunu siz istemediyseniz bu e-postayı yok sayabilirsiniz.",
  },
};

export default tr;
