/**
 * French (Français) for the built-in pages and the sign-in email.
 *
 * @example
 * ```ts
 * import fr from "@latch/core/languages/fr"
 * const config = { providers, languages: [fr] }
 * ```
 *
 * @module languages/fr
 */
import type { Language } from "../types/language.js";

const fr: Language = {
  code: "fr",
  name: "Français",
  dir: "ltr",
  messages: {
    signInTitle: "Se connecter",
    signInWith: "Se connecter avec {provider}",
    signInEmailLabel: "Adresse e-mail",
    signInEmailPlaceholder: "vous@exemple.fr",
    signInOr: "ou",
    signInNoProviders: "Aucun moyen de connexion n’est configuré.",
    signInReason: "Motif : {code}",
    signInErrorCredentialsSignin: "Impossible de vous connecter avec ces informations. Vérifiez-les et réessayez.",
    signInErrorOAuthAccountNotLinked: "Votre adresse e-mail est déjà utilisée avec un autre moyen de connexion. Pour confirmer qu’il s’agit bien de vous, connectez-vous avec le compte utilisé la première fois.",
    signInErrorOAuthCallbackError: "Le service de connexion a signalé un problème. Réessayez ou choisissez un autre moyen de connexion.",
    signInErrorOAuthSignInError: "Impossible de lancer la connexion avec ce service. Réessayez ou choisissez un autre moyen de connexion.",
    signInErrorEmailSignInError: "Impossible d’envoyer l’e-mail de connexion. Vérifiez l’adresse et réessayez.",
    signInErrorMissingCSRF: "Ce formulaire a expiré. Veuillez réessayer.",
    signInErrorAccessDenied: "Vous n’avez pas l’autorisation de vous connecter.",
    signInErrorVerification: "Ce lien de connexion ne fonctionne plus : il a déjà été utilisé ou il a expiré. Demandez-en un nouveau ci-dessous.",
    signInErrorAccountNotLinked: "Ce moyen de connexion appartient déjà à un autre compte.",
    signInErrorWebAuthnVerificationError: "Impossible de vérifier votre clé d’accès. Réessayez ou choisissez un autre moyen de connexion.",
    signInErrorSessionRequired: "Veuillez vous connecter pour voir cette page.",
    signInErrorRateLimited: "Trop de tentatives. Veuillez réessayer plus tard.",
    signInErrorDefault: "Un problème est survenu lors de la connexion. Veuillez réessayer.",

    signOutTitle: "Se déconnecter",
    signOutQuestion: "Voulez-vous vraiment vous déconnecter ?",

    errorConfigurationHeading: "Erreur du serveur",
    errorConfigurationMessage: "Le serveur n’est pas configuré correctement : la connexion est impossible pour le moment. Si le problème persiste, contactez l’administrateur du site.",
    errorAccessDeniedHeading: "Accès refusé",
    errorAccessDeniedMessage: "Vous n’avez pas l’autorisation de vous connecter.",
    errorVerificationHeading: "Ce lien n’est plus valide",
    errorVerificationMessage: "Ce lien de connexion ne peut plus être utilisé : il a déjà servi ou il a expiré. Connectez-vous à nouveau pour en recevoir un nouveau.",
    errorDefaultHeading: "Un problème est survenu",
    errorDefaultMessage: "Impossible de traiter cette demande. Veuillez vous reconnecter.",
    errorCode: "Code d’erreur : {code}",
    errorSignInLink: "Se connecter",
    homeLink: "Accueil",

    verifyTitle: "Consultez vos e-mails",
    verifySentTo: "Nous avons envoyé un lien de connexion à {email}. Ouvrez-le pour terminer la connexion.",
    verifySent: "Nous vous avons envoyé un lien de connexion. Ouvrez-le pour terminer la connexion.",
    verifyHint: "Vous pouvez fermer cette page. Si l’e-mail n’est pas arrivé d’ici quelques minutes, vérifiez vos courriers indésirables.",

    sessionsTitle: "Vos sessions",
    sessionsUnknownBrowser: "Navigateur inconnu",
    sessionsThisBrowser: "(ce navigateur)",
    sessionsTimes: "Connexion : {created} · dernière activité : {lastSeen}",
    sessionsUnknownTime: "inconnue",
    sessionsEnd: "Déconnecter cette session",
    sessionsEndOthers: "Déconnecter toutes les autres sessions",
    sessionsEndAll: "Se déconnecter partout",

    // Passwords
    signInCreateAccount: "Créer un compte",
    signInForgotPassword: "Mot de passe oublié ?",
    signInPasswordChanged: "Votre mot de passe a été modifié. Connectez-vous avec votre nouveau mot de passe.",
    passwordLabel: "Mot de passe",
    passwordNewLabel: "Nouveau mot de passe",
    passwordCurrentLabel: "Mot de passe actuel",
    passwordHint: "Au moins {minimum} caractères. Tous les caractères sont acceptés, espaces compris.",
    passwordTooShort: "Utilisez au moins {minimum} caractères.",
    passwordTooLong: "Utilisez au plus {maximum} caractères.",
    passwordCommon: "Ce mot de passe fait partie des plus courants, ceux que les attaquants essaient en premier. Choisissez-en un autre.",
    passwordWrongCurrent: "Ce n’est pas votre mot de passe actuel.",
    signUpTitle: "Créer un compte",
    signUpNameLabel: "Nom (facultatif)",
    signUpSubmit: "Créer le compte",
    signUpHaveAccount: "Vous avez déjà un compte ? Connectez-vous",
    forgotTitle: "Réinitialiser votre mot de passe",
    forgotIntro: "Saisissez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    forgotSubmit: "Envoyer le lien",
    resetTitle: "Choisir un nouveau mot de passe",
    resetSubmit: "Enregistrer le nouveau mot de passe",
    changeTitle: "Modifier votre mot de passe",
    changeSubmit: "Modifier le mot de passe",
    verifySignUpSent: "Nous avons envoyé un e-mail à l’adresse saisie. Ouvrez le lien qu’il contient pour confirmer l’adresse et terminer la création de votre compte.",
    verifyResetSent: "Si un compte utilise l’adresse saisie, nous lui avons envoyé un lien pour choisir un nouveau mot de passe.",
    signUpEmailSubject: "Confirmez votre adresse e-mail pour {host}",
    signUpEmailOpenLink: "Ouvrez ce lien pour confirmer votre adresse et terminer la création de votre compte :",
    signUpEmailButton: "Confirmer mon adresse",
    signUpEmailIgnore: "Si vous n’avez pas créé de compte, n’ouvrez pas le lien et ignorez cet e-mail.",
    accountExistsEmailSubject: "Tentative d’inscription sur {host}",
    accountExistsEmailText: "Quelqu’un, peut-être vous, a essayé de créer un compte sur {host} avec cette adresse e-mail, qui en a déjà un. Rien n’a changé. Si c’était vous, connectez-vous, ou choisissez un nouveau mot de passe si vous l’avez oublié :",
    accountExistsEmailButton: "Choisir un nouveau mot de passe",
    accountExistsEmailIgnore: "Si ce n’était pas vous, vous pouvez ignorer cet e-mail.",
    resetEmailSubject: "Réinitialisez votre mot de passe pour {host}",
    resetEmailOpenLink: "Ouvrez ce lien pour choisir un nouveau mot de passe :",
    resetEmailButton: "Choisir un nouveau mot de passe",
    resetEmailIgnore: "Si vous n’avez pas demandé à réinitialiser votre mot de passe, ignorez cet e-mail : votre mot de passe reste le même.",

    emailSubject: "Connexion à {host}",
    emailOpenLink: "Ouvrez ce lien pour vous connecter :",
    emailButton: "Se connecter",
    emailExpires: "Ce lien ne fonctionne qu’une fois et expire dans {time}.",
    emailIgnore: "Si vous n’avez rien demandé, vous pouvez ignorer cet e-mail.",
  },
};

export default fr;
