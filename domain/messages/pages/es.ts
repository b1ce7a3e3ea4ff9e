/**
 * Spanish translations of the About and Privacy pages' prose: loaded with those pages
 * (web/src/lib/i18n-pages.ts), not put in every page as the main catalogue (es.ts) is, which keeps
 * a translated first visit small. Keyed by the English text like the main catalogue;
 * scripts/catalogues.test.ts checks they are used by those pages only.
 */
const messages: Readonly<Record<string, string>> = {
  'A session ends {days, plural, one {# day} other {# days}} after it was last used, and at the latest {maxAge, plural, one {# day} other {# days}} after you signed in; expired sessions are deleted within the hour.':
    'Una sesión termina {days, plural, one {# día} other {# días}} después de su último uso y, como máximo, {maxAge, plural, one {# día} other {# días}} después de que iniciaste sesión; las sesiones caducadas se eliminan en menos de una hora.',
  'A session ends {days, plural, one {# day} other {# days}} after it was last used; expired sessions are deleted within the hour.':
    'Una sesión termina {days, plural, one {# día} other {# días}} después de su último uso; las sesiones caducadas se eliminan en menos de una hora.',
  'About Atlas of Buildings': 'Acerca de Atlas of Buildings',
  'Atlas of Buildings is a community catalogue of architecture on a world map: buildings with their years, styles, architects and photos, added and rated by the people who visit them.':
    'Atlas of Buildings es un catálogo colaborativo de arquitectura sobre un mapa del mundo: edificios con sus años, estilos, arquitectos y fotos, añadidos y valorados por las personas que los visitan.',
  'Atlas of Buildings keeps what it needs to run a community catalogue: who you are when you sign in, and what you add. It shows no advertising, sells nothing and sends nothing about you to anyone for tracking.':
    'Atlas of Buildings guarda lo que necesita para funcionar como catálogo colaborativo: quién eres cuando inicias sesión y lo que añades. No muestra publicidad, no vende nada y no envía nada sobre ti a nadie con fines de rastreo.',
  Contact: 'Contacto',
  Cookies: 'Cookies',
  'Download or delete your data': 'Descargar o eliminar tus datos',
  'Each list has an Export menu too; a private list exports for its owner only.':
    'Cada lista tiene también un menú Exportar; una lista privada solo la puede exportar su propietario.',
  'Every photo carries its own licence, chosen by the person who uploaded it, and a credit shown under the photo in the viewer (“© author · licence”):':
    'Cada foto tiene su propia licencia, elegida por quien la subió, y un crédito que se muestra bajo la foto en el visor («© autor · licencia»):',
  'For anything about your data, write to the operator of this site:':
    'Para cualquier cuestión sobre tus datos, escribe al responsable de este sitio:',
  'For scripts:': 'Para scripts:',
  'How long things are kept': 'Cuánto tiempo se conservan los datos',
  'IP addresses': 'Direcciones IP',
  'In your Settings (your user page, then Settings), “Download my data” gives you a ZIP file with your profile, the buildings you added, your comments, votes, lists and photos, with the original photo files, your hidden content included. “Delete my account” deletes your account and what is yours; buildings you added stay in the open catalogue, credited to the site, unless you choose to remove the ones nobody else contributed to.':
    'En tus Ajustes (tu página de usuario y luego Ajustes), «Descargar mis datos» te da un archivo ZIP con tu perfil, los edificios que añadiste, tus comentarios, votos, listas y fotos, con los archivos originales de las fotos, incluido tu contenido oculto. «Eliminar mi cuenta» elimina tu cuenta y lo que es tuyo; los edificios que añadiste permanecen en el catálogo abierto, atribuidos al sitio, salvo que elijas retirar aquellos a los que nadie más contribuyó.',
  "No other cookies. The browser also keeps a few settings of this site on your device only (your colour scheme, the map's last view). Signing in with Google loads Google's sign-in button from Google, under Google's own privacy policy.":
    'Ninguna otra cookie. El navegador también guarda algunos ajustes de este sitio solo en tu dispositivo (tu esquema de colores, la última vista del mapa). Iniciar sesión con Google carga el botón de inicio de sesión de Google desde Google, bajo la propia política de privacidad de Google.',
  'One export at a time per address, please.': 'Una exportación a la vez por dirección, por favor.',
  Photos: 'Fotos',
  "Photos are not part of the exported data; an export links each building's page, where its photos and their credits are.":
    'Las fotos no forman parte de los datos exportados; una exportación enlaza la página de cada edificio, donde están sus fotos y sus créditos.',
  'Rate-limit counts per address are kept for at most two minutes. Place searches are counted per user and day, and the counts are deleted the next day.':
    'Los recuentos del límite de peticiones por dirección se guardan como máximo dos minutos. Las búsquedas de lugares se cuentan por usuario y día, y los recuentos se eliminan al día siguiente.',
  'Signing out ends it at once, and “Sign out everywhere” in Settings ends all of them.':
    'Cerrar sesión la termina al instante, y «Cerrar sesión en todas partes» en Ajustes las termina todas.',
  'The Export menu': 'El menú Exportar',
  'The catalogue (buildings, their places, years, styles and architects) is open data under the':
    'El catálogo (los edificios, sus lugares, años, estilos y arquitectos) son datos abiertos bajo la licencia',
  'The catalogue itself is open data: see': 'El catálogo en sí son datos abiertos: consulta',
  'The data: ODbL 1.0': 'Los datos: ODbL 1.0',
  'The explore screen': 'La pantalla de exploración',
  "The server's log is kept as long as the operator's log system keeps it.":
    'El registro del servidor se conserva mientras lo conserve el sistema de registros del responsable.',
  'The whole catalogue:': 'El catálogo completo:',
  'What is public': 'Qué es público',
  'What is stored': 'Qué se guarda',
  'What the site stores about the people who use it, and how to download or delete it:':
    'Qué guarda el sitio sobre las personas que lo usan y cómo descargarlo o eliminarlo:',
  'What you add': 'Lo que añades',
  'What you add is kept until you remove it or delete your account. When you change your handle, or delete your account, the old handle stays reserved for {days, plural, one {# day} other {# days}}, so that no one else can take it at once; after that anyone may choose it.':
    'Lo que añades se conserva hasta que lo retires o elimines tu cuenta. Cuando cambias tu identificador, o eliminas tu cuenta, el identificador anterior queda reservado durante {days, plural, one {# día} other {# días}}, para que nadie más pueda tomarlo enseguida; después, cualquiera puede elegirlo.',
  'You may copy, share and build on it, also commercially, as long as you credit “Atlas of Buildings contributors”, keep a database you make from it open under the same licence, and do not lock it behind technical restrictions.':
    'Puedes copiarlo, compartirlo y construir sobre él, también con fines comerciales, siempre que cites a «Atlas of Buildings contributors», mantengas abierta con la misma licencia cualquier base de datos que hagas a partir de él y no lo encierres tras restricciones técnicas.',
  'Your Google identity': 'Tu identidad de Google',
  'Your handle, your picture, when you joined and your role; the buildings you added; your photos with their credit and licence; your comments, with your handle; and the lists you make public. Votes are shown to others only as totals: which buildings you rated, and how, only you see. Your email address is shown to no one but you. Private lists are visible to you alone. Content that moderators hide is hidden from everyone but you and them.':
    'Tu identificador, tu imagen, cuándo te uniste y tu rol; los edificios que añadiste; tus fotos con su crédito y licencia; tus comentarios, con tu identificador; y las listas que haces públicas. Los votos solo se muestran a los demás como totales: qué edificios valoraste, y cómo, solo lo ves tú. Tu dirección de correo no se muestra a nadie más que a ti. Las listas privadas solo las ves tú. El contenido que ocultan los moderadores queda oculto para todos salvo para ti y para ellos.',
  'buildings and their details, photos (the original files, with the metadata your camera wrote, such as the place it was taken, and smaller copies without it), votes, comments, lists, reports and feedback (with an email address only if you give one).':
    'los edificios y sus detalles, las fotos (los archivos originales, con los metadatos que escribió tu cámara, como el lugar donde se tomó, y copias más pequeñas sin ellos), los votos, comentarios, listas, denuncias y opiniones (con una dirección de correo solo si la das).',
  'filters them by style and by the years they were built, and shows the catalogue as of any year, demolished buildings included while they stood.':
    'los filtra por estilo y por los años en que se construyeron, y muestra el catálogo tal como era en cualquier año, incluidos los edificios demolidos mientras seguían en pie.',
  "on the explore screen downloads every building matching your filters and the year you are looking at, or only those in the map's view, as GeoJSON (points with the card's facts, styles and architects) or CSV (one row a building:":
    'de la pantalla de exploración descarga todos los edificios que coinciden con tus filtros y el año que estás viendo, o solo los que están en la vista del mapa, como GeoJSON (puntos con los datos de la ficha, estilos y arquitectos) o CSV (una fila por edificio:',
  'over https': 'con https',
  'see the API documentation': 'consulta la documentación de la API',
  "takes the map's filters": 'admite los filtros del mapa',
  'the default': 'la predeterminada',
  'the language you chose, if you choose one.': 'el idioma que elegiste, si eliges uno.',
  "the server's log has a line for each request with the address it came from, and the rate limits count requests per address and minute.":
    'el registro del servidor tiene una línea por cada petición con la dirección de la que vino, y los límites de peticiones cuentan las peticiones por dirección y minuto.',
  "when you sign in with Google: the account's id, its email address and the address of its profile picture. Your handle is generated and carries nothing of them until you choose your own.":
    'cuando inicias sesión con Google: el id de la cuenta, su dirección de correo y la dirección de su foto de perfil. Tu identificador se genera y no contiene nada de ello hasta que eliges el tuyo.',
  'your session, set when you sign in and removed when you sign out. It holds a random id and nothing else, and is sent only to this site.':
    'tu sesión, creada al iniciar sesión y eliminada al cerrarla. Solo contiene un id aleatorio y se envía únicamente a este sitio.',
};

export default messages;
