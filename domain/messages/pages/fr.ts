/**
 * French translations of the About and Privacy pages' prose: loaded with those pages
 * (web/src/lib/i18n-pages.ts), not put in every page as the main catalogue (fr.ts) is, which keeps
 * a translated first visit small. Keyed by the English text like the main catalogue;
 * scripts/catalogues.test.ts checks they are used by those pages only.
 */
const messages: Readonly<Record<string, string>> = {
  'A session ends {days, plural, one {# day} other {# days}} after it was last used, and at the latest {maxAge, plural, one {# day} other {# days}} after you signed in; expired sessions are deleted within the hour.':
    'Une session prend fin {days, plural, one {# jour} other {# jours}} après sa dernière utilisation, et au plus tard {maxAge, plural, one {# jour} other {# jours}} après votre connexion ; les sessions expirées sont supprimées dans l’heure.',
  'A session ends {days, plural, one {# day} other {# days}} after it was last used; expired sessions are deleted within the hour.':
    'Une session prend fin {days, plural, one {# jour} other {# jours}} après sa dernière utilisation ; les sessions expirées sont supprimées dans l’heure.',
  'About Atlas of Buildings': 'À propos d’Atlas of Buildings',
  'Atlas of Buildings is a community catalogue of architecture on a world map: buildings with their years, styles, architects and photos, added and rated by the people who visit them.':
    'Atlas of Buildings est un catalogue collaboratif d’architecture sur une carte du monde : des bâtiments avec leurs années, leurs styles, leurs architectes et leurs photos, ajoutés et notés par les personnes qui les visitent.',
  'Atlas of Buildings keeps what it needs to run a community catalogue: who you are when you sign in, and what you add. It shows no advertising, sells nothing and sends nothing about you to anyone for tracking.':
    'Atlas of Buildings conserve ce dont il a besoin pour faire vivre un catalogue collaboratif : qui vous êtes quand vous vous connectez, et ce que vous ajoutez. Il n’affiche aucune publicité, ne vend rien et n’envoie rien vous concernant à qui que ce soit à des fins de pistage.',
  Contact: 'Contact',
  Cookies: 'Cookies',
  'Download or delete your data': 'Télécharger ou supprimer vos données',
  'Each list has an Export menu too; a private list exports for its owner only.':
    'Chaque liste a aussi un menu Exporter ; une liste privée ne s’exporte que pour son propriétaire.',
  'Every photo carries its own licence, chosen by the person who uploaded it, and a credit shown under the photo in the viewer (“© author · licence”):':
    'Chaque photo a sa propre licence, choisie par la personne qui l’a envoyée, et un crédit affiché sous la photo dans la visionneuse (« © auteur · licence ») :',
  'For anything about your data, write to the operator of this site:':
    'Pour toute question sur vos données, écrivez à l’exploitant de ce site :',
  'For scripts:': 'Pour les scripts :',
  'How long things are kept': 'Durées de conservation',
  'IP addresses': 'Adresses IP',
  'In your Settings (your user page, then Settings), “Download my data” gives you a ZIP file with your profile, the buildings you added, your comments, votes, lists and photos, with the original photo files, your hidden content included. “Delete my account” deletes your account and what is yours; buildings you added stay in the open catalogue, credited to the site, unless you choose to remove the ones nobody else contributed to.':
    'Dans vos Paramètres (votre page d’utilisateur, puis Paramètres), « Télécharger mes données » vous donne un fichier ZIP avec votre profil, les bâtiments que vous avez ajoutés, vos commentaires, votes, listes et photos, avec les fichiers originaux des photos, votre contenu masqué compris. « Supprimer mon compte » supprime votre compte et ce qui vous appartient ; les bâtiments que vous avez ajoutés restent dans le catalogue ouvert, crédités au site, sauf si vous choisissez de retirer ceux auxquels personne d’autre n’a contribué.',
  "No other cookies. The browser also keeps a few settings of this site on your device only (your colour scheme, the map's last view). Signing in with Google loads Google's sign-in button from Google, under Google's own privacy policy.":
    'Aucun autre cookie. Le navigateur conserve aussi quelques réglages de ce site sur votre appareil uniquement (votre jeu de couleurs, la dernière vue de la carte). Se connecter avec Google charge le bouton de connexion de Google depuis Google, sous la propre politique de confidentialité de Google.',
  'One export at a time per address, please.': 'Un export à la fois par adresse, s’il vous plaît.',
  Photos: 'Photos',
  "Photos are not part of the exported data; an export links each building's page, where its photos and their credits are.":
    'Les photos ne font pas partie des données exportées ; un export renvoie vers la page de chaque bâtiment, où se trouvent ses photos et leurs crédits.',
  'Rate-limit counts per address are kept for at most two minutes. Place searches are counted per user and day, and the counts are deleted the next day.':
    'Les compteurs de limitation par adresse sont conservés deux minutes au plus. Les recherches de lieux sont comptées par utilisateur et par jour, et les compteurs sont supprimés le lendemain.',
  'Signing out ends it at once, and “Sign out everywhere” in Settings ends all of them.':
    'Se déconnecter y met fin aussitôt, et « Se déconnecter partout » dans les Paramètres met fin à toutes.',
  'The Export menu': 'Le menu Exporter',
  'The catalogue (buildings, their places, years, styles and architects) is open data under the':
    'Le catalogue (les bâtiments, leurs lieux, années, styles et architectes) est publié en données ouvertes sous la licence',
  'The catalogue itself is open data: see': 'Le catalogue lui-même est en données ouvertes : voir',
  'The data: ODbL 1.0': 'Les données : ODbL 1.0',
  'The explore screen': 'L’écran d’exploration',
  "The server's log is kept as long as the operator's log system keeps it.":
    'Le journal du serveur est conservé aussi longtemps que le système de journalisation de l’exploitant le conserve.',
  'The whole catalogue:': 'Le catalogue entier :',
  'What is public': 'Ce qui est public',
  'What is stored': 'Ce qui est conservé',
  'What the site stores about the people who use it, and how to download or delete it:':
    'Ce que le site conserve sur les personnes qui l’utilisent, et comment le télécharger ou le supprimer :',
  'What you add': 'Ce que vous ajoutez',
  'What you add is kept until you remove it or delete your account. When you change your handle, or delete your account, the old handle stays reserved for {days, plural, one {# day} other {# days}}, so that no one else can take it at once; after that anyone may choose it.':
    'Ce que vous ajoutez est conservé jusqu’à ce que vous le retiriez ou supprimiez votre compte. Quand vous changez d’identifiant, ou supprimez votre compte, l’ancien identifiant reste réservé {days, plural, one {# jour} other {# jours}}, pour que personne d’autre ne puisse le prendre aussitôt ; ensuite, n’importe qui peut le choisir.',
  'You may copy, share and build on it, also commercially, as long as you credit “Atlas of Buildings contributors”, keep a database you make from it open under the same licence, and do not lock it behind technical restrictions.':
    'Vous pouvez le copier, le partager et vous en servir, y compris à des fins commerciales, à condition de créditer « Atlas of Buildings contributors », de garder ouverte sous la même licence toute base de données que vous en tirez, et de ne pas l’enfermer derrière des mesures techniques.',
  'Your Google identity': 'Votre identité Google',
  'Your handle, your picture, when you joined and your role; the buildings you added; your photos with their credit and licence; your comments, with your handle; and the lists you make public. Votes are shown to others only as totals: which buildings you rated, and how, only you see. Your email address is shown to no one but you. Private lists are visible to you alone. Content that moderators hide is hidden from everyone but you and them.':
    'Votre identifiant, votre photo, la date de votre arrivée et votre rôle ; les bâtiments que vous avez ajoutés ; vos photos avec leur crédit et leur licence ; vos commentaires, avec votre identifiant ; et les listes que vous rendez publiques. Les votes ne sont montrés aux autres que sous forme de totaux : quels bâtiments vous avez notés, et comment, vous seul le voyez. Votre adresse e-mail n’est montrée à personne d’autre que vous. Les listes privées ne sont visibles que par vous. Le contenu que les modérateurs masquent est caché à tous, sauf à vous et à eux.',
  'buildings and their details, photos (the original files, with the metadata your camera wrote, such as the place it was taken, and smaller copies without it), votes, comments, lists, reports and feedback (with an email address only if you give one).':
    'les bâtiments et leurs détails, les photos (les fichiers originaux, avec les métadonnées écrites par votre appareil, comme le lieu de la prise de vue, et des copies plus petites qui n’en ont pas), les votes, commentaires, listes, signalements et avis (avec une adresse e-mail seulement si vous en donnez une).',
  'filters them by style and by the years they were built, and shows the catalogue as of any year, demolished buildings included while they stood.':
    'les filtre par style et par années de construction, et montre le catalogue tel qu’il était n’importe quelle année, y compris les bâtiments démolis tant qu’ils étaient debout.',
  "on the explore screen downloads every building matching your filters and the year you are looking at, or only those in the map's view, as GeoJSON (points with the card's facts, styles and architects) or CSV (one row a building:":
    'de l’écran d’exploration télécharge tous les bâtiments correspondant à vos filtres et à l’année affichée, ou seulement ceux visibles sur la carte, en GeoJSON (des points avec les informations de la fiche, les styles et les architectes) ou en CSV (une ligne par bâtiment :',
  'over https': 'en https',
  'see the API documentation': 'voir la documentation de l’API',
  "takes the map's filters": 'accepte les filtres de la carte',
  'the default': 'par défaut',
  'the language you chose, if you choose one.': 'la langue que vous avez choisie, si vous en choisissez une.',
  "the server's log has a line for each request with the address it came from, and the rate limits count requests per address and minute.":
    'le journal du serveur contient une ligne par requête avec l’adresse d’où elle vient, et les limites de débit comptent les requêtes par adresse et par minute.',
  "when you sign in with Google: the account's id, its email address and the address of its profile picture. Your handle is generated and carries nothing of them until you choose your own.":
    'quand vous vous connectez avec Google : l’identifiant du compte, son adresse e-mail et l’adresse de sa photo de profil. Votre identifiant sur le site est généré et n’en reprend rien tant que vous n’en choisissez pas un vous-même.',
  'your session, set when you sign in and removed when you sign out. It holds a random id and nothing else, and is sent only to this site.':
    'votre session, créé quand vous vous connectez et supprimé quand vous vous déconnectez. Il ne contient qu’un identifiant aléatoire, et n’est envoyé qu’à ce site.',
};

export default messages;
