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
    // Second factors: the management page and the email code.
    factorsTitle: "Verificação em duas etapas",
    factorsIntro: "Uma segunda etapa no login protege sua conta mesmo que alguém saiba sua senha.",
    factorsAppOn: "Aplicativo autenticador: ativado (desde {date})",
    factorsAppOff: "Aplicativo autenticador: desativado",
    factorsSetUpApp: "Configurar um aplicativo autenticador",
    factorsScan: "Leia este código QR com seu aplicativo autenticador ou digite nele a chave abaixo. Depois informe o código de 6 dígitos que ele mostrar.",
    factorsKey: "Chave",
    factorsCodeLabel: "Código de 6 dígitos",
    factorsConfirm: "Ativar",
    factorsBackupCount: "Códigos de backup restantes: {count}",
    factorsBackupSave: "Guarde estes códigos de backup em um lugar seguro. Cada um vale uma vez, e eles só são mostrados agora.",
    factorsNewBackup: "Gerar novos códigos de backup",
    factorsRemoveApp: "Remover o aplicativo autenticador",
    factorsProofLabel: "Um código atual (aplicativo ou backup)",
    factorsEmailOn: "Códigos por e-mail: enviados ao seu endereço verificado",
    factorsDoneEnrolled: "Seu aplicativo autenticador está ativado.",
    factorsDoneRemoved: "Removido.",
    factorsDoneRegenerated: "Seus códigos de backup antigos não funcionam mais.",
    factorsErrorInvalid: "Esse código não está correto. Verifique o aplicativo e tente de novo.",
    factorsErrorFreshProof: "Primeiro informe um código atual do seu aplicativo autenticador ou um código de backup.",
    factorsErrorOther: "Não deu certo. Tente de novo.",
    factorsContinue: "Continuar",
    emailCodeSubject: "Seu código: {code}",
    emailCodeText: "Seu código de verificação é {code}. Ele vale uma vez, por {minutes} minutos. Se você não tentou entrar, ignore este e-mail.",
    secondFactorTitle: "Verificação em duas etapas",
    secondFactorIntro: "Digite o código de 6 dígitos do seu aplicativo autenticador.",
    secondFactorCodeLabel: "Código",
    secondFactorBackupIntro: "Digite um dos seus códigos de backup. Cada código funciona uma única vez.",
    secondFactorBackupLabel: "Código de backup",
    secondFactorEmailIntro: "Podemos enviar um código para o seu endereço de e-mail.",
    secondFactorEmailSent: "Enviamos um código para o seu endereço de e-mail. Ele vale por 10 minutos.",
    secondFactorEmailLabel: "Código do e-mail",
    secondFactorEmailSend: "Enviar um código por e-mail",
    secondFactorEmailAgain: "Enviar um novo código",
    secondFactorRemember: "Lembrar este dispositivo",
    secondFactorSubmit: "Verificar",
    secondFactorWrong: "Este código não é válido. Tente novamente.",
    secondFactorUseApp: "Usar o aplicativo autenticador",
    secondFactorUseBackup: "Usar um código de backup",
    signInErrorSecondFactorExpired: "O login expirou ou foram tentados códigos demais. Entre novamente.",
    emailSignInTitle: "Entrar com um código",
    emailSignInIntro: "Digite seu endereço de e-mail e enviaremos um código de 6 dígitos para você entrar.",
    emailSignInSent: "Se uma conta usa {email}, um código está a caminho. Ele vale por 10 minutos.",
    emailSignInSubmit: "Entrar",

    emailSubject: "Entrar em {host}",
    emailOpenLink: "Abra este link para entrar:",
    emailButton: "Entrar",
    emailExpires: "O link funciona uma vez e expira em {time}.",
    emailIgnore: "Se você não pediu este e-mail, pode ignorá-lo.",
  },
};

export default pt;
