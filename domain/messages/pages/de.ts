/**
 * German translations of the About and Privacy pages' prose: loaded with those pages
 * (web/src/lib/i18n-pages.ts), not put in every page as the main catalogue (de.ts) is, which keeps
 * a translated first visit small. Keyed by the English text like the main catalogue;
 * scripts/catalogues.test.ts checks they are used by those pages only.
 */
const messages: Readonly<Record<string, string>> = {
  'A session ends {days, plural, one {# day} other {# days}} after it was last used, and at the latest {maxAge, plural, one {# day} other {# days}} after you signed in; expired sessions are deleted within the hour.':
    'Eine Sitzung endet {days, plural, one {# Tag} other {# Tage}} nach ihrer letzten Nutzung und spätestens {maxAge, plural, one {# Tag} other {# Tage}} nach Ihrer Anmeldung; abgelaufene Sitzungen werden innerhalb einer Stunde gelöscht.',
  'A session ends {days, plural, one {# day} other {# days}} after it was last used; expired sessions are deleted within the hour.':
    'Eine Sitzung endet {days, plural, one {# Tag} other {# Tage}} nach ihrer letzten Nutzung; abgelaufene Sitzungen werden innerhalb einer Stunde gelöscht.',
  'About Atlas of Buildings': 'Über Atlas of Buildings',
  'Atlas of Buildings is a community catalogue of architecture on a world map: buildings with their years, styles, architects and photos, added and rated by the people who visit them.':
    'Atlas of Buildings ist ein gemeinschaftlicher Architekturkatalog auf einer Weltkarte: Gebäude mit ihren Jahren, Stilen, Architekten und Fotos, hinzugefügt und bewertet von den Menschen, die sie besuchen.',
  'Atlas of Buildings keeps what it needs to run a community catalogue: who you are when you sign in, and what you add. It shows no advertising, sells nothing and sends nothing about you to anyone for tracking.':
    'Atlas of Buildings speichert, was es für einen gemeinschaftlichen Katalog braucht: wer Sie sind, wenn Sie sich anmelden, und was Sie hinzufügen. Es zeigt keine Werbung, verkauft nichts und schickt niemandem etwas über Sie zu Tracking-Zwecken.',
  Contact: 'Kontakt',
  Cookies: 'Cookies',
  'Download or delete your data': 'Ihre Daten herunterladen oder löschen',
  'Each list has an Export menu too; a private list exports for its owner only.':
    'Jede Liste hat ebenfalls ein Export-Menü; eine private Liste kann nur ihr Eigentümer exportieren.',
  'Every photo carries its own licence, chosen by the person who uploaded it, and a credit shown under the photo in the viewer (“© author · licence”):':
    'Jedes Foto hat seine eigene Lizenz, gewählt von der Person, die es hochgeladen hat, und einen Urhebervermerk, der im Betrachter unter dem Foto steht („© Urheber · Lizenz“):',
  'For anything about your data, write to the operator of this site:':
    'Bei allen Fragen zu Ihren Daten schreiben Sie dem Betreiber dieser Website:',
  'For scripts:': 'Für Skripte:',
  'How long things are kept': 'Wie lange Daten aufbewahrt werden',
  'IP addresses': 'IP-Adressen',
  'In your Settings (your user page, then Settings), “Download my data” gives you a ZIP file with your profile, the buildings you added, your comments, votes, lists and photos, with the original photo files, your hidden content included. “Delete my account” deletes your account and what is yours; buildings you added stay in the open catalogue, credited to the site, unless you choose to remove the ones nobody else contributed to.':
    'In Ihren Einstellungen (Ihre Nutzerseite, dann Einstellungen) erhalten Sie über „Meine Daten herunterladen“ eine ZIP-Datei mit Ihrem Profil, den Gebäuden, die Sie hinzugefügt haben, Ihren Kommentaren, Bewertungen, Listen und Fotos, samt den Originaldateien der Fotos, Ihre ausgeblendeten Inhalte eingeschlossen. „Mein Konto löschen“ löscht Ihr Konto und alles, was Ihnen gehört; Gebäude, die Sie hinzugefügt haben, bleiben im offenen Katalog, der Website zugeschrieben, es sei denn, Sie entscheiden sich, diejenigen zu entfernen, zu denen niemand sonst beigetragen hat.',
  "No other cookies. The browser also keeps a few settings of this site on your device only (your colour scheme, the map's last view). Signing in with Google loads Google's sign-in button from Google, under Google's own privacy policy.":
    'Keine weiteren Cookies. Der Browser speichert außerdem einige Einstellungen dieser Website nur auf Ihrem Gerät (Ihr Farbschema, die letzte Kartenansicht). Die Anmeldung mit Google lädt Googles Anmeldeschaltfläche von Google, unter Googles eigener Datenschutzerklärung.',
  'One export at a time per address, please.': 'Bitte nur ein Export gleichzeitig pro Adresse.',
  Photos: 'Fotos',
  "Photos are not part of the exported data; an export links each building's page, where its photos and their credits are.":
    'Fotos gehören nicht zu den exportierten Daten; ein Export verlinkt die Seite jedes Gebäudes, auf der seine Fotos und deren Urhebervermerke stehen.',
  'Rate-limit counts per address are kept for at most two minutes. Place searches are counted per user and day, and the counts are deleted the next day.':
    'Die Zähler der Ratenbegrenzung pro Adresse werden höchstens zwei Minuten aufbewahrt. Ortssuchen werden pro Nutzer und Tag gezählt, und die Zähler werden am nächsten Tag gelöscht.',
  'Signing out ends it at once, and “Sign out everywhere” in Settings ends all of them.':
    'Die Abmeldung beendet sie sofort, und „Überall abmelden“ in den Einstellungen beendet alle.',
  'The Export menu': 'Das Export-Menü',
  'The catalogue (buildings, their places, years, styles and architects) is open data under the':
    'Der Katalog (Gebäude, ihre Orte, Jahre, Stile und Architekten) steht als offene Daten unter der Lizenz',
  'The catalogue itself is open data: see': 'Der Katalog selbst ist offene Daten: siehe',
  'The data: ODbL 1.0': 'Die Daten: ODbL 1.0',
  'The explore screen': 'Die Erkundungsansicht',
  "The server's log is kept as long as the operator's log system keeps it.":
    'Das Serverprotokoll wird so lange aufbewahrt, wie das Protokollsystem des Betreibers es aufbewahrt.',
  'The whole catalogue:': 'Der ganze Katalog:',
  'What is public': 'Was öffentlich ist',
  'What is stored': 'Was gespeichert wird',
  'What the site stores about the people who use it, and how to download or delete it:':
    'Was die Website über die Menschen speichert, die sie nutzen, und wie man es herunterlädt oder löscht:',
  'What you add': 'Was Sie hinzufügen',
  'What you add is kept until you remove it or delete your account. When you change your handle, or delete your account, the old handle stays reserved for {days, plural, one {# day} other {# days}}, so that no one else can take it at once; after that anyone may choose it.':
    'Was Sie hinzufügen, bleibt gespeichert, bis Sie es entfernen oder Ihr Konto löschen. Wenn Sie Ihren Nutzernamen ändern oder Ihr Konto löschen, bleibt der alte Nutzername {days, plural, one {# Tag} other {# Tage}} reserviert, damit ihn niemand sofort übernehmen kann; danach können ihn alle wählen.',
  'You may copy, share and build on it, also commercially, as long as you credit “Atlas of Buildings contributors”, keep a database you make from it open under the same licence, and do not lock it behind technical restrictions.':
    'Sie dürfen ihn kopieren, teilen und darauf aufbauen, auch kommerziell, solange Sie „Atlas of Buildings contributors“ nennen, eine daraus erstellte Datenbank unter derselben Lizenz offen halten und ihn nicht hinter technischen Beschränkungen verschließen.',
  'Your Google identity': 'Ihre Google-Identität',
  'Your handle, your picture, when you joined and your role; the buildings you added; your photos with their credit and licence; your comments, with your handle; and the lists you make public. Votes are shown to others only as totals: which buildings you rated, and how, only you see. Your email address is shown to no one but you. Private lists are visible to you alone. Content that moderators hide is hidden from everyone but you and them.':
    'Ihr Nutzername, Ihr Bild, wann Sie beigetreten sind, und Ihre Rolle; die Gebäude, die Sie hinzugefügt haben; Ihre Fotos mit Urhebervermerk und Lizenz; Ihre Kommentare mit Ihrem Nutzernamen; und die Listen, die Sie veröffentlichen. Bewertungen sehen andere nur als Summen: Welche Gebäude Sie wie bewertet haben, sehen nur Sie. Ihre E-Mail-Adresse wird niemandem außer Ihnen angezeigt. Private Listen sind nur für Sie sichtbar. Inhalte, die Moderatoren ausblenden, sind für alle außer Ihnen und ihnen verborgen.',
  'buildings and their details, photos (the original files, with the metadata your camera wrote, such as the place it was taken, and smaller copies without it), votes, comments, lists, reports and feedback (with an email address only if you give one).':
    'Gebäude und ihre Details, Fotos (die Originaldateien mit den Metadaten Ihrer Kamera, etwa dem Aufnahmeort, und kleinere Kopien ohne sie), Bewertungen, Kommentare, Listen, Meldungen und Feedback (mit einer E-Mail-Adresse nur, wenn Sie eine angeben).',
  'filters them by style and by the years they were built, and shows the catalogue as of any year, demolished buildings included while they stood.':
    'filtert sie nach Stil und Baujahren und zeigt den Katalog, wie er in einem beliebigen Jahr aussah, abgerissene Gebäude eingeschlossen, solange sie standen.',
  "on the explore screen downloads every building matching your filters and the year you are looking at, or only those in the map's view, as GeoJSON (points with the card's facts, styles and architects) or CSV (one row a building:":
    'in der Erkundungsansicht lädt alle Gebäude herunter, die zu Ihren Filtern und dem angezeigten Jahr passen, oder nur die im Kartenausschnitt, als GeoJSON (Punkte mit den Eckdaten, Stilen und Architekten) oder CSV (eine Zeile je Gebäude:',
  'over https': 'über https',
  'see the API documentation': 'siehe API-Dokumentation',
  "takes the map's filters": 'nimmt die Filter der Karte an',
  'the default': 'Standard',
  'the language you chose, if you choose one.': 'die Sprache, die Sie gewählt haben, falls Sie eine wählen.',
  "the server's log has a line for each request with the address it came from, and the rate limits count requests per address and minute.":
    'das Serverprotokoll hat für jede Anfrage eine Zeile mit der Adresse, von der sie kam, und die Ratenbegrenzung zählt Anfragen pro Adresse und Minute.',
  "when you sign in with Google: the account's id, its email address and the address of its profile picture. Your handle is generated and carries nothing of them until you choose your own.":
    'wenn Sie sich mit Google anmelden: die ID des Kontos, seine E-Mail-Adresse und die Adresse seines Profilbilds. Ihr Nutzername wird erzeugt und enthält nichts davon, bis Sie Ihren eigenen wählen.',
  'your session, set when you sign in and removed when you sign out. It holds a random id and nothing else, and is sent only to this site.':
    'Ihre Sitzung, gesetzt bei der Anmeldung und entfernt bei der Abmeldung. Es enthält nur eine zufällige ID und wird nur an diese Website gesendet.',
};

export default messages;
