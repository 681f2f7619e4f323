/**
 * Portuguese (Português), written as in Brazil, for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import pt from "@latch/core/languages/pt"
 * const config = { providers, languages: [pt] }
 * ```
 *
 * @module languages/pt
 */
import type { Language } from "../types/language.js";

const pt: Language = {
  code: "pt",
  name: "Português",
  dir: "ltr",
  messages: {
    signInTitle: "Entrar",
    signInWith: "Entrar com {provider}",
    signInEmailLabel: "Endereço de e-mail",
    signInEmailPlaceholder: "voce@exemplo.com",
    signInOr: "ou",
    signInNoProviders: "Nenhuma forma de entrar está configurada.",
    signInReason: "Motivo: {code}",
    signInErrorCredentialsSignin: "Não foi possível entrar com esses dados. Verifique-os e tente novamente.",
    signInErrorOAuthAccountNotLinked: "Seu endereço de e-mail já é usado com outra forma de entrar. Para confirmar que é você, entre com a conta que usou da primeira vez.",
    signInErrorOAuthCallbackError: "O serviço de login relatou um problema. Tente novamente ou escolha outra forma de entrar.",
    signInErrorOAuthSignInError: "Não foi possível começar a entrar com esse serviço. Tente novamente ou escolha outra forma de entrar.",
    signInErrorEmailSignInError: "Não foi possível enviar o e-mail de login. Verifique o endereço e tente novamente.",
    signInErrorMissingCSRF: "Este formulário expirou. Tente novamente.",
    signInErrorAccessDenied: "Você não tem permissão para entrar.",
    signInErrorVerification: "Esse link de login não funciona mais: ele já foi usado ou expirou. Peça um novo abaixo.",
    signInErrorAccountNotLinked: "Esta forma de entrar já pertence a outra conta.",
    signInErrorWebAuthnVerificationError: "Não foi possível verificar sua chave de acesso. Tente novamente ou escolha outra forma de entrar.",
    signInErrorSessionRequired: "Entre para ver esta página.",
    signInErrorRateLimited: "Tentativas demais. Tente novamente mais tarde.",
    signInErrorDefault: "Algo deu errado ao entrar. Tente novamente.",

    signOutTitle: "Sair",
    signOutQuestion: "Tem certeza de que deseja sair?",

    errorConfigurationHeading: "Erro no servidor",
    errorConfigurationMessage: "O servidor não está configurado corretamente, por isso não é possível entrar agora. Se isso continuar, entre em contato com o administrador do site.",
    errorAccessDeniedHeading: "Acesso negado",
    errorAccessDeniedMessage: "Você não tem permissão para entrar.",
    errorVerificationHeading: "O link não é mais válido",
    errorVerificationMessage: "Este link de login não pode mais ser usado: ele já foi usado ou expirou. Entre novamente para receber um novo.",
    errorDefaultHeading: "Algo deu errado",
    errorDefaultMessage: "Não foi possível concluir a solicitação. Tente entrar novamente.",
    errorCode: "Código do erro: {code}",
    errorSignInLink: "Entrar",
    homeLink: "Início",

    verifyTitle: "Verifique seu e-mail",
    verifySentTo: "Enviamos um link de login para {email}. Abra-o para concluir a entrada.",
    verifySent: "Enviamos um link de login para você. Abra-o para concluir a entrada.",
    verifyHint: "Você pode fechar esta página. Se o e-mail não chegar em alguns minutos, verifique a pasta de spam.",

    sessionsTitle: "Suas sessões",
    sessionsUnknownBrowser: "Navegador desconhecido",
    sessionsThisBrowser: "(este navegador)",
    sessionsTimes: "Entrada: {created} · última atividade: {lastSeen}",
    sessionsUnknownTime: "desconhecido",
    sessionsEnd: "Encerrar esta sessão",
    sessionsEndOthers: "Encerrar todas as outras sessões",
    sessionsEndAll: "Sair de todos os lugares",

    // Passwords
    signInCreateAccount: "Criar uma conta",
    signInForgotPassword: "Esqueceu sua senha?",
    signInPasswordChanged: "Sua senha foi alterada. Entre com a nova senha.",
    passwordLabel: "Senha",
    passwordNewLabel: "Nova senha",
    passwordCurrentLabel: "Senha atual",
    passwordHint: "Pelo menos {minimum} caracteres. Qualquer caractere é permitido, inclusive espaços.",
    passwordTooShort: "Use pelo menos {minimum} caracteres.",
    passwordTooLong: "Use no máximo {maximum} caracteres.",
    passwordCommon: "Esta senha é uma das mais comuns, que os invasores tentam primeiro. Escolha outra.",
    passwordWrongCurrent: "Esta não é a sua senha atual.",
    signUpTitle: "Criar uma conta",
    signUpNameLabel: "Nome (opcional)",
    signUpSubmit: "Criar conta",
    signUpHaveAccount: "Já tem uma conta? Entrar",
    forgotTitle: "Redefinir sua senha",
    forgotIntro: "Informe o endereço de e-mail da sua conta e enviaremos um link para você escolher uma nova senha.",
    forgotSubmit: "Enviar o link",
    resetTitle: "Escolha uma nova senha",
    resetSubmit: "Salvar a nova senha",
    changeTitle: "Alterar sua senha",
    changeSubmit: "Alterar senha",
    verifySignUpSent: "Enviamos um e-mail para o endereço informado. Abra o link que ele contém para confirmar o endereço e concluir a criação da sua conta.",
    verifyResetSent: "Se alguma conta usar o endereço informado, enviamos para ele um link para escolher uma nova senha.",
    signUpEmailSubject: "Confirme seu endereço de e-mail em {host}",
    signUpEmailOpenLink: "Abra este link para confirmar seu endereço e concluir a criação da sua conta:",
    signUpEmailButton: "Confirmar meu endereço",
    signUpEmailIgnore: "Se você não criou uma conta, não abra o link e ignore este e-mail.",
    accountExistsEmailSubject: "Tentativa de cadastro em {host}",
    accountExistsEmailText: "Alguém, talvez você, tentou criar uma conta em {host} com este endereço de e-mail, que já tem uma. Nada foi alterado. Se foi você, entre, ou escolha uma nova senha caso a tenha esquecido:",
    accountExistsEmailButton: "Escolher uma nova senha",
    accountExistsEmailIgnore: "Se não foi você, pode ignorar este e-mail.",
    resetEmailSubject: "Redefina sua senha em {host}",
    resetEmailOpenLink: "Abra este link para escolher uma nova senha:",
    resetEmailButton: "Escolher uma nova senha",
    resetEmailIgnore: "Se você não pediu para redefinir sua senha, ignore este e-mail: sua senha continua a mesma.",

    emailSubject: "Entrar em {host}",
    emailOpenLink: "Abra este link para entrar:",
    emailButton: "Entrar",
    emailExpires: "O link funciona uma vez e expira em {time}.",
    emailIgnore: "Se você não pediu este e-mail, pode ignorá-lo.",
  },
};

export default pt;
