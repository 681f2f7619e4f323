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
    // Second factors: the management page and the email code.
    factorsTitle: "İki adımlı doğrulama",
    factorsIntro: "Girişte ikinci bir adım, biri parolanızı öğrense bile hesabınızı korur.",
    factorsAppOn: "Kimlik doğrulama uygulaması: açık ({date} tarihinden beri)",
    factorsAppOff: "Kimlik doğrulama uygulaması: kapalı",
    factorsSetUpApp: "Kimlik doğrulama uygulaması kur",
    factorsScan: "Bu QR kodunu kimlik doğrulama uygulamanızla tarayın veya aşağıdaki anahtarı uygulamaya yazın. Ardından uygulamanın gösterdiği 6 haneli kodu girin.",
    factorsKey: "Anahtar",
    factorsCodeLabel: "6 haneli kod",
    factorsConfirm: "Aç",
    factorsBackupCount: "Kalan yedek kod: {count}",
    factorsBackupSave: "Bu yedek kodları güvenli bir yerde saklayın. Her biri bir kez çalışır ve yalnızca şimdi gösterilir.",
    factorsNewBackup: "Yeni yedek kodlar al",
    factorsRemoveApp: "Kimlik doğrulama uygulamasını kaldır",
    factorsProofLabel: "Güncel bir kod (uygulama veya yedek)",
    factorsEmailOn: "E-postayla kodlar: doğrulanmış adresinize",
    factorsDoneEnrolled: "Kimlik doğrulama uygulamanız açık.",
    factorsDoneRemoved: "Kaldırıldı.",
    factorsDoneRegenerated: "Eski yedek kodlarınız artık çalışmıyor.",
    factorsErrorInvalid: "Bu kod doğru değil. Uygulamayı kontrol edip yeniden deneyin.",
    factorsErrorFreshProof: "Önce kimlik doğrulama uygulamanızdan güncel bir kod veya bir yedek kod girin.",
    factorsErrorOther: "Olmadı. Lütfen yeniden deneyin.",
    factorsContinue: "Devam et",
    emailCodeSubject: "Kodunuz: {code}",
    emailCodeText: "Doğrulama kodunuz {code}. Bir kez, {minutes} dakika boyunca çalışır. Giriş yapmaya çalışmadıysanız bu e-postayı yok sayın.",
    secondFactorTitle: "İki adımlı doğrulama",
    secondFactorIntro: "Kimlik doğrulama uygulamanızdaki 6 haneli kodu girin.",
    secondFactorCodeLabel: "Kod",
    secondFactorBackupIntro: "Yedek kodlarınızdan birini girin. Her kod yalnızca bir kez çalışır.",
    secondFactorBackupLabel: "Yedek kod",
    secondFactorEmailIntro: "E-posta adresinize bir kod gönderebiliriz.",
    secondFactorEmailSent: "E-posta adresinize bir kod gönderdik. 10 dakika geçerlidir.",
    secondFactorEmailLabel: "E-postadaki kod",
    secondFactorEmailSend: "Bana e-postayla kod gönder",
    secondFactorEmailAgain: "Yeni kod gönder",
    secondFactorRemember: "Bu cihazı hatırla",
    secondFactorSubmit: "Doğrula",
    secondFactorWrong: "Bu kod geçerli değil. Tekrar deneyin.",
    secondFactorUseApp: "Kimlik doğrulama uygulamasını kullan",
    secondFactorUseBackup: "Yedek kod kullan",
    signInErrorSecondFactorExpired: "Oturum açma süresi doldu veya çok fazla kod denendi. Lütfen yeniden oturum açın.",
    emailSignInTitle: "Kodla oturum aç",
    emailSignInIntro: "E-posta adresinizi girin, oturum açmanız için 6 haneli bir kod gönderelim.",
    emailSignInSent: "{email} bir hesaba aitse kod yolda. 10 dakika geçerlidir.",
    emailSignInSubmit: "Oturum aç",

    emailSubject: "{host} için giriş",
    emailOpenLink: "Giriş yapmak için bu bağlantıyı açın:",
    emailButton: "Giriş yap",
    emailExpires: "Bağlantı yalnızca bir kez çalışır ve {time} sonra geçerliliğini yitirir.",
    emailIgnore: "Bunu siz istemediyseniz bu e-postayı yok sayabilirsiniz.",
  },
};

export default tr;
