/**
 * The fixed cast of the demo year: a web developer in Germany with a handful of regular clients.
 * Only ids, dates and hours are drawn at random; names and rates stay put so demos read the same.
 */
import type { ActivityType } from "../records.js";

/** How quickly a customer pays, in days after the invoice date. */
export type PaymentHabit = "prompt" | "normal" | "slow";

export interface CustomerSpec {
  name: string;
  email: string;
  address: string;
  hourlyRateEur: number;
  activityType: ActivityType;
  externalId: string;
  habit: PaymentHabit;
  ustId?: string;
  /** Inactive customers only worked in the first months of the year. */
  isActive: boolean;
  projects: ProjectSpec[];
}

export interface ProjectSpec {
  name: string;
  color: string;
  isActive: boolean;
  /** Typical descriptions of a day's work on it. */
  tasks: readonly string[];
}

export const DEMO_CUSTOMERS: readonly CustomerSpec[] = [
  {
    name: "Müller & Söhne GmbH",
    email: "buchhaltung@mueller-soehne.de",
    address: "Industriestraße 12, 70565 Stuttgart",
    hourlyRateEur: 95,
    activityType: "gewerblich",
    externalId: "DEB-10001",
    habit: "slow",
    ustId: "DE287654321",
    isActive: true,
    projects: [
      {
        name: "Website Relaunch",
        color: "#e4572e",
        isActive: true,
        tasks: [
          "Startseite umgesetzt",
          "Navigation überarbeitet",
          "Abstimmung mit Herrn Müller",
          "CMS-Templates",
        ],
      },
      {
        name: "Produktkatalog Online",
        color: "#f3a712",
        isActive: true,
        tasks: ["Produktimport aus ERP", "Filter und Suche", "Datenblätter als PDF"],
      },
    ],
  },
  {
    name: "Kanzlei Weiß & Partner",
    email: "kanzlei@weiss-partner.de",
    address: "Königsallee 48, 40212 Düsseldorf",
    hourlyRateEur: 110,
    activityType: "freiberuflich",
    externalId: "DEB-10002",
    habit: "prompt",
    isActive: true,
    projects: [
      {
        name: "Mandantenportal",
        color: "#29335c",
        isActive: true,
        tasks: ["Dokumenten-Upload", "Zwei-Faktor-Anmeldung", "Datenschutzprüfung", "Workshop mit Kanzlei"],
      },
    ],
  },
  {
    name: "Bäckerei Schröder",
    email: "info@baeckerei-schroeder.de",
    address: "Hauptstraße 7, 48143 Münster",
    hourlyRateEur: 75,
    activityType: "gewerblich",
    externalId: "DEB-10003",
    habit: "normal",
    isActive: true,
    projects: [
      {
        name: "Bestell-App",
        color: "#a8c686",
        isActive: true,
        tasks: ["Vorbestellung Brötchen", "Filialauswahl", "Push-Benachrichtigungen", "Fehlerbehebung iOS"],
      },
    ],
  },
  {
    name: "Dr. Öztürk Architektur",
    email: "buero@oeztuerk-architektur.de",
    address: "Schanzenstraße 31, 20357 Hamburg",
    hourlyRateEur: 100,
    activityType: "freiberuflich",
    externalId: "DEB-10004",
    habit: "normal",
    isActive: true,
    projects: [
      {
        name: "Portfolio-Website",
        color: "#669bbc",
        isActive: true,
        tasks: ["Bildergalerie", "Projektseiten", "Ladezeiten optimiert", "Abstimmung Entwürfe"],
      },
    ],
  },
  {
    name: "Grünwald Verlag",
    email: "herstellung@gruenwald-verlag.de",
    address: "Türkenstraße 60, 80799 München",
    hourlyRateEur: 90,
    activityType: "freiberuflich",
    externalId: "DEB-10005",
    habit: "slow",
    isActive: true,
    projects: [
      {
        name: "E-Book-Produktion",
        color: "#7b2cbf",
        isActive: true,
        tasks: ["EPUB-Konvertierung", "Satzkorrekturen", "Metadaten gepflegt"],
      },
      {
        name: "Autorenportal",
        color: "#c77dff",
        isActive: true,
        tasks: ["Manuskript-Upload", "Honorarübersicht", "Rechteverwaltung"],
      },
    ],
  },
  {
    name: "Studio Nordlicht",
    email: "hallo@studio-nordlicht.de",
    address: "Große Bergstraße 154, 22767 Hamburg",
    hourlyRateEur: 85,
    activityType: "freiberuflich",
    externalId: "DEB-10006",
    habit: "prompt",
    isActive: true,
    projects: [
      {
        name: "Markenrelaunch",
        color: "#2a9d8f",
        isActive: true,
        tasks: ["Styleguide umgesetzt", "Komponentenbibliothek", "Abnahme mit Studio"],
      },
    ],
  },
  {
    name: "Studio Kreativ Köln",
    email: "projekte@kreativ-koeln.de",
    address: "Ehrenstraße 43, 50672 Köln",
    hourlyRateEur: 80,
    activityType: "gewerblich",
    externalId: "DEB-10007",
    habit: "normal",
    isActive: true,
    projects: [
      {
        name: "Kampagnen-Landingpages",
        color: "#e76f51",
        isActive: true,
        tasks: ["Landingpage Frühjahr", "A/B-Test eingerichtet", "Tracking geprüft"],
      },
    ],
  },
  {
    name: "Altkunde Meier KG",
    email: "it@meier-kg.de",
    address: "Bahnhofstraße 3, 04109 Leipzig",
    hourlyRateEur: 70,
    activityType: "gewerblich",
    externalId: "DEB-10008",
    habit: "prompt",
    isActive: false,
    projects: [
      {
        name: "Intranet-Wartung",
        color: "#8d99ae",
        isActive: false,
        tasks: ["Sicherheitsupdates", "Übergabe an neuen Dienstleister"],
      },
    ],
  },
];
