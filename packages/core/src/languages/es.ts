/**
 * Spanish (Español) for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import es from "@latch/core/languages/es"
 * const config = { providers, languages: [es] }
 * ```
 *
 * @module languages/es
 */
import type { Language } from "../types/language.js";

const es: Language = {
  code: "es",
  name: "Español",
  dir: "ltr",
  messages: {
    signInTitle: "Iniciar sesión",
    signInWith: "Iniciar sesión con {provider}",
    signInEmailLabel: "Correo electrónico",
    signInEmailPlaceholder: "tu@ejemplo.com",
    signInOr: "o",
    signInNoProviders: "No hay ningún método de inicio de sesión configurado.",
    signInReason: "Motivo: {code}",
    signInErrorCredentialsSignin: "No pudimos iniciar tu sesión con esos datos. Revísalos e inténtalo de nuevo.",
    signInErrorOAuthAccountNotLinked: "Tu correo electrónico ya se usa con otro método de inicio de sesión. Para confirmar que eres tú, inicia sesión con la cuenta que usaste la primera vez.",
    signInErrorOAuthCallbackError: "El servicio de inicio de sesión informó de un problema. Inténtalo de nuevo o elige otra forma de iniciar sesión.",
    signInErrorOAuthSignInError: "No pudimos empezar a iniciar tu sesión con ese servicio. Inténtalo de nuevo o elige otra forma de iniciar sesión.",
    signInErrorEmailSignInError: "No pudimos enviar el correo de inicio de sesión. Revisa la dirección e inténtalo de nuevo.",
    signInErrorMissingCSRF: "Este formulario ha caducado. Inténtalo de nuevo.",
    signInErrorAccessDenied: "No tienes permiso para iniciar sesión.",
    signInErrorVerification: "Ese enlace de inicio de sesión ya no funciona: ya se ha usado o ha caducado. Pide uno nuevo a continuación.",
    signInErrorAccountNotLinked: "Este método de inicio de sesión ya pertenece a otra cuenta.",
    signInErrorWebAuthnVerificationError: "No pudimos verificar tu llave de acceso. Inténtalo de nuevo o elige otra forma de iniciar sesión.",
    signInErrorSessionRequired: "Inicia sesión para ver esta página.",
    signInErrorRateLimited: "Demasiados intentos. Inténtalo de nuevo más tarde.",
    signInErrorDefault: "Algo salió mal al iniciar tu sesión. Inténtalo de nuevo.",

    signOutTitle: "Cerrar sesión",
    signOutQuestion: "¿Seguro que quieres cerrar sesión?",

    errorConfigurationHeading: "Error del servidor",
    errorConfigurationMessage: "El servidor no está bien configurado, así que ahora no es posible iniciar sesión. Si el problema continúa, contacta con el administrador del sitio.",
    errorAccessDeniedHeading: "Acceso denegado",
    errorAccessDeniedMessage: "No tienes permiso para iniciar sesión.",
    errorVerificationHeading: "El enlace ya no es válido",
    errorVerificationMessage: "Este enlace de inicio de sesión ya no se puede usar: ya se ha usado o ha caducado. Vuelve a iniciar sesión para recibir uno nuevo.",
    errorDefaultHeading: "Algo salió mal",
    errorDefaultMessage: "No pudimos completar la solicitud. Intenta iniciar sesión de nuevo.",
    errorCode: "Código de error: {code}",
    errorSignInLink: "Iniciar sesión",
    homeLink: "Inicio",

    verifyTitle: "Revisa tu correo",
    verifySentTo: "Hemos enviado un enlace de inicio de sesión a {email}. Ábrelo para terminar de iniciar sesión.",
    verifySent: "Te hemos enviado un enlace de inicio de sesión. Ábrelo para terminar de iniciar sesión.",
    verifyHint: "Puedes cerrar esta página. Si el correo no ha llegado en unos minutos, revisa la carpeta de spam.",

    sessionsTitle: "Tus sesiones",
    sessionsUnknownBrowser: "Navegador desconocido",
    sessionsThisBrowser: "(este navegador)",
    sessionsTimes: "Inicio: {created} · última actividad: {lastSeen}",
    sessionsUnknownTime: "desconocido",
    sessionsEnd: "Cerrar esta sesión",
    sessionsEndOthers: "Cerrar todas las demás sesiones",
    sessionsEndAll: "Cerrar sesión en todas partes",
    // Second factors: the management page and the email code.
    factorsTitle: "Verificación en dos pasos",
    factorsIntro: "Un segundo paso al iniciar sesión protege tu cuenta aunque alguien sepa tu contraseña.",
    factorsAppOn: "Aplicación de autenticación: activada (desde el {date})",
    factorsAppOff: "Aplicación de autenticación: desactivada",
    factorsSetUpApp: "Configurar una aplicación de autenticación",
    factorsScan: "Escanea este código QR con tu aplicación de autenticación o escribe en ella la clave de abajo. Después introduce el código de 6 dígitos que muestre.",
    factorsKey: "Clave",
    factorsCodeLabel: "Código de 6 dígitos",
    factorsConfirm: "Activar",
    factorsBackupCount: "Códigos de respaldo restantes: {count}",
    factorsBackupSave: "Guarda estos códigos de respaldo en un lugar seguro. Cada uno sirve una sola vez y solo se muestran ahora.",
    factorsNewBackup: "Obtener códigos de respaldo nuevos",
    factorsRemoveApp: "Quitar la aplicación de autenticación",
    factorsProofLabel: "Un código actual (aplicación o respaldo)",
    factorsEmailOn: "Códigos por correo: a tu dirección verificada",
    factorsDoneEnrolled: "Tu aplicación de autenticación está activada.",
    factorsDoneRemoved: "Eliminado.",
    factorsDoneRegenerated: "Tus códigos de respaldo anteriores ya no funcionan.",
    factorsErrorInvalid: "Ese código no es correcto. Revisa la aplicación e inténtalo de nuevo.",
    factorsErrorFreshProof: "Primero introduce un código actual de tu aplicación de autenticación o un código de respaldo.",
    factorsErrorOther: "No funcionó. Inténtalo de nuevo.",
    factorsContinue: "Continuar",
    emailCodeSubject: "Tu código: {code}",
    emailCodeText: "Tu código de verificación es {code}. Sirve una sola vez, durante {minutes} minutos. Si no intentaste iniciar sesión, ignora este correo.",
    secondFactorTitle: "Verificación en dos pasos",
    secondFactorIntro: "Introduce el código de 6 dígitos de tu aplicación de autenticación.",
    secondFactorCodeLabel: "Código",
    secondFactorBackupIntro: "Introduce uno de tus códigos de respaldo. Cada código funciona una sola vez.",
    secondFactorBackupLabel: "Código de respaldo",
    secondFactorEmailIntro: "Podemos enviarte un código a tu dirección de correo electrónico.",
    secondFactorEmailSent: "Te hemos enviado un código por correo electrónico. Es válido durante 10 minutos.",
    secondFactorEmailLabel: "Código del correo",
    secondFactorEmailSend: "Enviarme un código por correo",
    secondFactorEmailAgain: "Enviar un código nuevo",
    secondFactorRemember: "Recordar este dispositivo",
    secondFactorSubmit: "Verificar",
    secondFactorWrong: "Este código no es válido. Inténtalo de nuevo.",
    secondFactorUseApp: "Usar la aplicación de autenticación",
    secondFactorUseBackup: "Usar un código de respaldo",
    signInErrorSecondFactorExpired: "El inicio de sesión ha caducado o se han probado demasiados códigos. Vuelve a iniciar sesión.",
    emailSignInTitle: "Iniciar sesión con un código",
    emailSignInIntro: "Introduce tu dirección de correo electrónico y te enviaremos un código de 6 dígitos para iniciar sesión.",
    emailSignInSent: "Si una cuenta usa {email}, te hemos enviado un código. Es válido durante 10 minutos.",
    emailSignInSubmit: "Iniciar sesión",

    emailSubject: "Inicia sesión en {host}",
    emailOpenLink: "Abre este enlace para iniciar sesión:",
    emailButton: "Iniciar sesión",
    emailExpires: "El enlace funciona una sola vez y caduca en {time}.",
    emailIgnore: "Si no lo has pedido, puedes ignorar este correo.",
  },
};

export default es;
