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

    // Passwords
    signInCreateAccount: "Crear una cuenta",
    signInForgotPassword: "¿Has olvidado tu contraseña?",
    signInPasswordChanged: "Tu contraseña se ha cambiado. Inicia sesión con tu nueva contraseña.",
    passwordLabel: "Contraseña",
    passwordNewLabel: "Nueva contraseña",
    passwordCurrentLabel: "Contraseña actual",
    passwordHint: "Al menos {minimum} caracteres. Se admite cualquier carácter, también los espacios.",
    passwordTooShort: "Usa al menos {minimum} caracteres.",
    passwordTooLong: "Usa como máximo {maximum} caracteres.",
    passwordCommon: "Esta contraseña es una de las más comunes, las que los atacantes prueban primero. Elige otra.",
    passwordWrongCurrent: "Esa no es tu contraseña actual.",
    signUpTitle: "Crear una cuenta",
    signUpNameLabel: "Nombre (opcional)",
    signUpSubmit: "Crear cuenta",
    signUpHaveAccount: "¿Ya tienes una cuenta? Inicia sesión",
    forgotTitle: "Restablecer la contraseña",
    forgotIntro: "Escribe la dirección de correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.",
    forgotSubmit: "Enviar el enlace",
    resetTitle: "Elige una contraseña nueva",
    resetSubmit: "Guardar la contraseña nueva",
    changeTitle: "Cambiar la contraseña",
    changeSubmit: "Cambiar contraseña",
    verifySignUpSent: "Hemos enviado un correo a la dirección que escribiste. Abre el enlace que contiene para confirmar la dirección y terminar de crear tu cuenta.",
    verifyResetSent: "Si alguna cuenta usa la dirección que escribiste, le hemos enviado un enlace para elegir una contraseña nueva.",
    signUpEmailSubject: "Confirma tu dirección de correo para {host}",
    signUpEmailOpenLink: "Abre este enlace para confirmar tu dirección y terminar de crear tu cuenta:",
    signUpEmailButton: "Confirmar mi dirección",
    signUpEmailIgnore: "Si no has creado ninguna cuenta, no abras el enlace e ignora este correo.",
    accountExistsEmailSubject: "Intento de registro en {host}",
    accountExistsEmailText: "Alguien, quizá tú, ha intentado crear una cuenta en {host} con esta dirección de correo, que ya tiene una. No ha cambiado nada. Si has sido tú, inicia sesión, o elige una contraseña nueva si la has olvidado:",
    accountExistsEmailButton: "Elegir una contraseña nueva",
    accountExistsEmailIgnore: "Si no has sido tú, puedes ignorar este correo.",
    resetEmailSubject: "Restablece tu contraseña de {host}",
    resetEmailOpenLink: "Abre este enlace para elegir una contraseña nueva:",
    resetEmailButton: "Elegir una contraseña nueva",
    resetEmailIgnore: "Si no has pedido restablecer tu contraseña, ignora este correo: tu contraseña sigue siendo la misma.",

    emailSubject: "Inicia sesión en {host}",
    emailOpenLink: "Abre este enlace para iniciar sesión:",
    emailButton: "Iniciar sesión",
    emailExpires: "El enlace funciona una sola vez y caduca en {time}.",
    emailIgnore: "Si no lo has pedido, puedes ignorar este correo.",
  },
};

export default es;
