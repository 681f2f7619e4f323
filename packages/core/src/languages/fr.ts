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
    // Second factors: the management page and the email code.
    factorsTitle: "Validation en deux étapes",
    factorsIntro: "Une deuxième étape à la connexion protège votre compte même si quelqu'un connaît votre mot de passe.",
    factorsAppOn: "Application d'authentification : activée (depuis le {date})",
    factorsAppOff: "Application d'authentification : désactivée",
    factorsSetUpApp: "Configurer une application d'authentification",
    factorsScan: "Scannez ce code QR avec votre application d'authentification ou saisissez-y la clé ci-dessous, puis entrez le code à 6 chiffres qu'elle affiche.",
    factorsKey: "Clé",
    factorsCodeLabel: "Code à 6 chiffres",
    factorsConfirm: "Activer",
    factorsBackupCount: "Codes de secours restants : {count}",
    factorsBackupSave: "Conservez ces codes de secours en lieu sûr. Chacun ne sert qu'une fois, et ils ne sont affichés que maintenant.",
    factorsNewBackup: "Obtenir de nouveaux codes de secours",
    factorsRemoveApp: "Supprimer l'application d'authentification",
    factorsProofLabel: "Un code actuel (application ou secours)",
    factorsEmailOn: "Codes par e-mail : envoyés à votre adresse vérifiée",
    factorsDoneEnrolled: "Votre application d'authentification est activée.",
    factorsDoneRemoved: "Supprimé.",
    factorsDoneRegenerated: "Vos anciens codes de secours ne fonctionnent plus.",
    factorsErrorInvalid: "Ce code n'est pas correct. Vérifiez l'application et réessayez.",
    factorsErrorFreshProof: "Saisissez d'abord un code actuel de votre application d'authentification ou un code de secours.",
    factorsErrorOther: "Cela n'a pas fonctionné. Veuillez réessayer.",
    factorsContinue: "Continuer",
    emailCodeSubject: "Votre code : {code}",
    emailCodeText: "Votre code de vérification est {code}. Il ne sert qu'une fois, pendant {minutes} minutes. Si vous n'avez pas essayé de vous connecter, ignorez cet e-mail.",
    secondFactorTitle: "Validation en deux étapes",
    secondFactorIntro: "Saisissez le code à 6 chiffres de votre application d’authentification.",
    secondFactorCodeLabel: "Code de vérification",
    secondFactorBackupIntro: "Saisissez l’un de vos codes de secours. Chaque code ne fonctionne qu’une fois.",
    secondFactorBackupLabel: "Code de secours",
    secondFactorEmailIntro: "Nous pouvons envoyer un code à votre adresse e-mail.",
    secondFactorEmailSent: "Nous avons envoyé un code à votre adresse e-mail. Il est valable 10 minutes.",
    secondFactorEmailLabel: "Code reçu par e-mail",
    secondFactorEmailSend: "M’envoyer un code par e-mail",
    secondFactorEmailAgain: "Envoyer un nouveau code",
    secondFactorRemember: "Se souvenir de cet appareil",
    secondFactorSubmit: "Valider",
    secondFactorWrong: "Ce code n’est pas valide. Veuillez réessayer.",
    secondFactorUseApp: "Utiliser l’application d’authentification",
    secondFactorUseBackup: "Utiliser un code de secours",
    signInErrorSecondFactorExpired: "La connexion a expiré ou trop de codes ont été essayés. Veuillez vous reconnecter.",
    emailSignInTitle: "Se connecter avec un code",
    emailSignInIntro: "Saisissez votre adresse e-mail et nous vous enverrons un code à 6 chiffres pour vous connecter.",
    emailSignInSent: "Si un compte utilise {email}, un code est en route. Il est valable 10 minutes.",
    emailSignInSubmit: "Se connecter",

    emailSubject: "Connexion à {host}",
    emailOpenLink: "Ouvrez ce lien pour vous connecter :",
    emailButton: "Se connecter",
    emailExpires: "Ce lien ne fonctionne qu’une fois et expire dans {time}.",
    emailIgnore: "Si vous n’avez rien demandé, vous pouvez ignorer cet e-mail.",
  },
};

export default fr;
