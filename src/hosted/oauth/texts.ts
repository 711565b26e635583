/** What the authorization pages say, in English and German. */
import type { KeyProblem } from "./key-check.js";
import type { Language } from "./language.js";

/** Where an authorization's code is sent: a web host, a program on this computer, or an app's own scheme. */
export type AccessTarget =
  | { kind: "web"; host: string }
  | { kind: "local"; host: string }
  | { kind: "app"; scheme: string };

export interface Texts {
  title: string;
  /** The line under the product's name: who runs this server. */
  operatedBy(operator: string): string;
  signInHeading: string;
  /** `client`: the name the app gave itself (cleaned), or undefined when it gave none. */
  signInIntro(client: string | undefined): string;
  keyLabel: string;
  keyHint: string;
  continue: string;
  consentHeading: string;
  consentIntro(client: string | undefined): string;
  /** Where the access goes: the host of the redirect URI, which the app cannot fake. */
  accessGoesTo(target: AccessTarget): string;
  /** For an app described by a metadata document: the host that served it. */
  describedBy(host: string): string;
  /** For an app that registered itself here: its name is its own claim. */
  registeredItself: string;
  accessLegend: string;
  accessRead: string;
  accessReadNote: string;
  accessWrite: string;
  accessWriteNote: string;
  webhookLegend: string;
  webhookLabel: string;
  webhookHint: string;
  /** Under the webhook address: how to take it (no script: a click selects it all). */
  copyHint: string;
  allow: string;
  deny: string;
  problem: Record<KeyProblem, string>;
  /** Before the service's own words, quoted as they came (its data, maybe in another language). */
  serviceAnswered: string;
  /** Before a network error's code, such as ECONNREFUSED. */
  networkError: string;
  emptyKey: string;
  tooMany: string;
  unavailable: string;
  expired: string;
  forged: string;
}

export const TEXTS: Record<Language, Texts> = {
  en: {
    title: "Connect to the Invoicing Service",
    operatedBy: (operator) => `Connector for the Invoicing Service, operated by ${operator}`,
    signInHeading: "Sign in with your API key",
    signInIntro: (client) =>
      `${client ? `An app that calls itself “${client}”` : "An app"} wants to work with your invoices, customers and time entries. Enter your Invoicing Service API key: it is checked with the service now and stored encrypted; the app never sees it.`,
    keyLabel: "API key",
    keyHint: "In the Invoicing Service under Settings → API access (needs the Pro plan).",
    continue: "Continue",
    consentHeading: "Allow access?",
    consentIntro: (client) =>
      `${client ? `An app that calls itself “${client}”` : "An app"} asks for access to your Invoicing Service account.`,
    accessGoesTo: (target) =>
      target.kind === "local"
        ? `If you allow, the access goes to ${target.host}, a program on this computer.`
        : target.kind === "app"
          ? `If you allow, the access goes to the app that opens ${target.scheme}:// links on this computer.`
          : `If you allow, the access goes to ${target.host}.`,
    describedBy: (host) => `The app's description was published by ${host}.`,
    registeredItself: "The app registered itself with this server: its name is what it says about itself.",
    accessLegend: "What may the app do?",
    accessRead: "Read only",
    accessReadNote: "Invoices, customers, time entries and reports. Recommended if you only ask questions.",
    accessWrite: "Read and create",
    accessWriteNote:
      "Also log time, add customers and create draft invoices. Nothing is changed, sent or deleted.",
    webhookLegend: "Payment notices (optional)",
    webhookLabel: "Webhook secret",
    webhookHint:
      "To be told about payments, add this address in the Invoicing Service under Settings → API access (webhook endpoints), then paste the secret it shows below.",
    copyHint: "Click the address to select it, then copy it.",
    allow: "Allow",
    deny: "Deny",
    problem: {
      "unknown-key":
        "The service does not know this key (401). Copy the whole key again from Settings → API access, or create a new one.",
      expired:
        "The service refused the key (403): it has expired. Create a new key under Settings → API access.",
      "no-pro": "The service refused the key (403): the account has no Pro plan. API access needs Pro.",
      "expired-or-no-pro":
        "The service refused the key (403): the key has expired, or the account has no Pro plan. Create a new key, or upgrade to Pro.",
      unreachable:
        "The Invoicing Service could not be reached just now. Nothing was stored; try again in a few minutes.",
      service:
        "The Invoicing Service could not check the key just now. Nothing was stored; try again in a few minutes.",
    },
    serviceAnswered: "The service answered:",
    networkError: "Network error:",
    emptyKey: "Enter your API key.",
    tooMany: "Too many attempts from your address. Wait a few minutes, then try again.",
    unavailable: "Signing in is not possible for a moment. Nothing was stored; try again in a minute.",
    expired: "This sign-in has expired or was already used. Go back to the app and connect again.",
    forged: "This form was not sent by this page. Go back to the app and connect again.",
  },
  de: {
    title: "Mit dem Invoicing Service verbinden",
    operatedBy: (operator) => `Verbindung zum Invoicing Service, betrieben von ${operator}`,
    signInHeading: "Mit Ihrem API-Schlüssel anmelden",
    signInIntro: (client) =>
      `${client ? `Eine App, die sich „${client}“ nennt,` : "Eine App"} möchte mit Ihren Rechnungen, Kunden und Zeiteinträgen arbeiten. Geben Sie Ihren API-Schlüssel des Invoicing Service ein: Er wird jetzt beim Dienst geprüft und verschlüsselt gespeichert; die App sieht ihn nie.`,
    keyLabel: "API-Schlüssel",
    keyHint: "Im Invoicing Service unter Einstellungen → API-Zugang (erfordert den Pro-Tarif).",
    continue: "Weiter",
    consentHeading: "Zugriff erlauben?",
    consentIntro: (client) =>
      `${client ? `Eine App, die sich „${client}“ nennt,` : "Eine App"} bittet um Zugriff auf Ihr Konto beim Invoicing Service.`,
    accessGoesTo: (target) =>
      target.kind === "local"
        ? `Wenn Sie erlauben, geht der Zugang an ${target.host}, ein Programm auf diesem Computer.`
        : target.kind === "app"
          ? `Wenn Sie erlauben, geht der Zugang an die App, die ${target.scheme}://-Links auf diesem Computer öffnet.`
          : `Wenn Sie erlauben, geht der Zugang an ${target.host}.`,
    describedBy: (host) => `Die Beschreibung der App wurde von ${host} veröffentlicht.`,
    registeredItself:
      "Die App hat sich selbst bei diesem Server angemeldet: Ihr Name ist ihre eigene Angabe.",
    accessLegend: "Was darf die App?",
    accessRead: "Nur lesen",
    accessReadNote: "Rechnungen, Kunden, Zeiteinträge und Berichte. Empfohlen, wenn Sie nur Fragen stellen.",
    accessWrite: "Lesen und anlegen",
    accessWriteNote:
      "Auch Zeiten erfassen, Kunden anlegen und Rechnungsentwürfe erstellen. Nichts wird geändert, versendet oder gelöscht.",
    webhookLegend: "Zahlungseingänge melden (optional)",
    webhookLabel: "Webhook-Geheimnis",
    webhookHint:
      "Um über Zahlungen informiert zu werden, tragen Sie diese Adresse im Invoicing Service unter Einstellungen → API-Zugang (Webhook-Endpunkte) ein und fügen das angezeigte Geheimnis unten ein.",
    copyHint: "Klicken Sie auf die Adresse, um sie auszuwählen, und kopieren Sie sie.",
    allow: "Erlauben",
    deny: "Ablehnen",
    problem: {
      "unknown-key":
        "Der Dienst kennt diesen Schlüssel nicht (401). Kopieren Sie den ganzen Schlüssel erneut unter Einstellungen → API-Zugang oder erstellen Sie einen neuen.",
      expired:
        "Der Dienst hat den Schlüssel abgelehnt (403): Er ist abgelaufen. Erstellen Sie unter Einstellungen → API-Zugang einen neuen.",
      "no-pro":
        "Der Dienst hat den Schlüssel abgelehnt (403): Das Konto hat keinen Pro-Tarif. Der API-Zugang erfordert Pro.",
      "expired-or-no-pro":
        "Der Dienst hat den Schlüssel abgelehnt (403): Der Schlüssel ist abgelaufen oder das Konto hat keinen Pro-Tarif. Erstellen Sie einen neuen Schlüssel oder wechseln Sie zu Pro.",
      unreachable:
        "Der Invoicing Service war gerade nicht erreichbar. Es wurde nichts gespeichert; versuchen Sie es in einigen Minuten erneut.",
      service:
        "Der Invoicing Service konnte den Schlüssel gerade nicht prüfen. Es wurde nichts gespeichert; versuchen Sie es in einigen Minuten erneut.",
    },
    serviceAnswered: "Antwort des Dienstes:",
    networkError: "Netzwerkfehler:",
    emptyKey: "Geben Sie Ihren API-Schlüssel ein.",
    tooMany:
      "Zu viele Versuche von Ihrer Adresse. Warten Sie einige Minuten und versuchen Sie es dann erneut.",
    unavailable:
      "Die Anmeldung ist gerade nicht möglich. Es wurde nichts gespeichert; versuchen Sie es in einer Minute erneut.",
    expired:
      "Diese Anmeldung ist abgelaufen oder wurde schon verwendet. Gehen Sie zurück zur App und verbinden Sie sich erneut.",
    forged:
      "Dieses Formular stammt nicht von dieser Seite. Gehen Sie zurück zur App und verbinden Sie sich erneut.",
  },
};
