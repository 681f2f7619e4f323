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

    emailSubject: "Connexion à {host}",
    emailOpenLink: "Ouvrez ce lien pour vous connecter :",
    emailButton: "Se connecter",
    emailExpires: "Ce lien ne fonctionne qu’une fois et expire dans {time}.",
    emailIgnore: "Si vous n’avez rien demandé, vous pouvez ignorer cet e-mail.",
  },
};

export default fr;
