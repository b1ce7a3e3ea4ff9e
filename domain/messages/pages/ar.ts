/**
 * Arabic translations of the About and Privacy pages' prose: loaded with those pages
 * (web/src/lib/i18n-pages.ts), not put in every page as the main catalogue (ar.ts) is, which keeps
 * a translated first visit small. Keyed by the English text like the main catalogue;
 * scripts/catalogues.test.ts checks they are used by those pages only.
 */
const messages: Readonly<Record<string, string>> = {
  'A session ends {days, plural, one {# day} other {# days}} after it was last used, and at the latest {maxAge, plural, one {# day} other {# days}} after you signed in; expired sessions are deleted within the hour.':
    'تنتهي الجلسة بعد {days, plural, zero {# يوم} one {يوم واحد} two {يومين} few {# أيام} many {# يومًا} other {# يوم}} من آخر استخدام لها، وفي موعد أقصاه {maxAge, plural, zero {# يوم} one {يوم واحد} two {يومين} few {# أيام} many {# يومًا} other {# يوم}} من تسجيل دخولك؛ وتُحذف الجلسات المنتهية خلال ساعة.',
  'A session ends {days, plural, one {# day} other {# days}} after it was last used; expired sessions are deleted within the hour.':
    'تنتهي الجلسة بعد {days, plural, zero {# يوم} one {يوم واحد} two {يومين} few {# أيام} many {# يومًا} other {# يوم}} من آخر استخدام لها؛ وتُحذف الجلسات المنتهية خلال ساعة.',
  'About Atlas of Buildings': 'حول Atlas of Buildings',
  'Atlas of Buildings is a community catalogue of architecture on a world map: buildings with their years, styles, architects and photos, added and rated by the people who visit them.':
    'Atlas of Buildings فهرس مجتمعي للعمارة على خريطة العالم: مبانٍ بسنواتها وطرزها ومعمارييها وصورها، يضيفها ويقيّمها من يزورونها.',
  'Atlas of Buildings keeps what it needs to run a community catalogue: who you are when you sign in, and what you add. It shows no advertising, sells nothing and sends nothing about you to anyone for tracking.':
    'يحتفظ Atlas of Buildings بما يحتاجه لتشغيل فهرس مجتمعي: هويتك عند تسجيل الدخول، وما تضيفه. لا يعرض إعلانات، ولا يبيع شيئًا، ولا يرسل أي شيء عنك إلى أي جهة لأغراض التتبع.',
  Contact: 'التواصل',
  Cookies: 'ملفات تعريف الارتباط',
  'Download or delete your data': 'تنزيل بياناتك أو حذفها',
  'Each list has an Export menu too; a private list exports for its owner only.':
    'لكل قائمة أيضًا قائمة «تصدير»؛ ولا يمكن تصدير القائمة الخاصة إلا لمالكها.',
  'Every photo carries its own licence, chosen by the person who uploaded it, and a credit shown under the photo in the viewer (“© author · licence”):':
    'لكل صورة ترخيصها الخاص، يختاره من رفعها، ونسبة تظهر أسفل الصورة في العارض («© المؤلف · الترخيص»):',
  'For anything about your data, write to the operator of this site:':
    'لأي أمر يتعلق ببياناتك، راسل مشغّل هذا الموقع:',
  'For scripts:': 'للسكربتات:',
  'How long things are kept': 'مدة الاحتفاظ بالبيانات',
  'IP addresses': 'عناوين IP',
  'In your Settings (your user page, then Settings), “Download my data” gives you a ZIP file with your profile, the buildings you added, your comments, votes, lists and photos, with the original photo files, your hidden content included. “Delete my account” deletes your account and what is yours; buildings you added stay in the open catalogue, credited to the site, unless you choose to remove the ones nobody else contributed to.':
    'في الإعدادات (صفحتك الشخصية، ثم الإعدادات)، يمنحك «تنزيل بياناتي» ملف ZIP يضم ملفك الشخصي والمباني التي أضفتها وتعليقاتك وتصويتاتك وقوائمك وصورك، مع ملفات الصور الأصلية، بما في ذلك المحتوى المخفي. ويحذف «حذف حسابي» حسابك وكل ما يخصك؛ وتبقى المباني التي أضفتها في الفهرس المفتوح منسوبةً إلى الموقع، ما لم تختر إزالة تلك التي لم يساهم فيها أحد غيرك.',
  "No other cookies. The browser also keeps a few settings of this site on your device only (your colour scheme, the map's last view). Signing in with Google loads Google's sign-in button from Google, under Google's own privacy policy.":
    'لا توجد ملفات تعريف ارتباط أخرى. يحتفظ المتصفح أيضًا ببعض إعدادات هذا الموقع على جهازك فقط (نظام الألوان، وآخر عرض للخريطة). ويؤدي تسجيل الدخول عبر Google إلى تحميل زر تسجيل الدخول من Google، وفق سياسة الخصوصية الخاصة بـ Google.',
  'One export at a time per address, please.': 'تصدير واحد في كل مرة لكل عنوان، من فضلك.',
  Photos: 'الصور',
  "Photos are not part of the exported data; an export links each building's page, where its photos and their credits are.":
    'الصور ليست جزءًا من البيانات المصدَّرة؛ يربط التصدير صفحة كل مبنى، حيث توجد صوره ونسبتها.',
  'Rate-limit counts per address are kept for at most two minutes. Place searches are counted per user and day, and the counts are deleted the next day.':
    'تُحفظ عدّادات حدّ المعدّل لكل عنوان دقيقتين على الأكثر. وتُحسب عمليات البحث عن الأماكن لكل مستخدم ولكل يوم، وتُحذف العدّادات في اليوم التالي.',
  'Signing out ends it at once, and “Sign out everywhere” in Settings ends all of them.':
    'يُنهيها تسجيل الخروج فورًا، ويُنهي «تسجيل الخروج من كل مكان» في الإعدادات جميع الجلسات.',
  'The Export menu': 'قائمة «تصدير»',
  'The catalogue (buildings, their places, years, styles and architects) is open data under the':
    'الفهرس (المباني وأماكنها وسنواتها وطرزها ومعماريوها) بيانات مفتوحة بموجب ترخيص',
  'The catalogue itself is open data: see': 'الفهرس نفسه بيانات مفتوحة: راجع',
  'The data: ODbL 1.0': 'البيانات: ODbL 1.0',
  'The explore screen': 'شاشة الاستكشاف',
  "The server's log is kept as long as the operator's log system keeps it.":
    'يُحفظ سجل الخادم طالما يحفظه نظام السجلات لدى المشغّل.',
  'The whole catalogue:': 'الفهرس كاملًا:',
  'What is public': 'ما هو عام',
  'What is stored': 'ما يُخزَّن',
  'What the site stores about the people who use it, and how to download or delete it:':
    'ما يخزّنه الموقع عن مستخدميه، وكيفية تنزيله أو حذفه:',
  'What you add': 'ما تضيفه',
  'What you add is kept until you remove it or delete your account. When you change your handle, or delete your account, the old handle stays reserved for {days, plural, one {# day} other {# days}}, so that no one else can take it at once; after that anyone may choose it.':
    'يُحفظ ما تضيفه إلى أن تزيله أو تحذف حسابك. وعندما تغيّر اسم المستخدم، أو تحذف حسابك، يبقى الاسم القديم محجوزًا لمدة {days, plural, zero {# يوم} one {يوم واحد} two {يومين} few {# أيام} many {# يومًا} other {# يوم}}، كي لا يأخذه أحد غيرك فورًا؛ وبعد ذلك يمكن لأي شخص اختياره.',
  'You may copy, share and build on it, also commercially, as long as you credit “Atlas of Buildings contributors”, keep a database you make from it open under the same licence, and do not lock it behind technical restrictions.':
    'يمكنك نسخه ومشاركته والبناء عليه، حتى تجاريًا، شريطة أن تنسبه إلى «Atlas of Buildings contributors»، وأن تُبقي أي قاعدة بيانات تنشئها منه مفتوحة بموجب الترخيص نفسه، وألا تحصره خلف قيود تقنية.',
  'Your Google identity': 'هويتك في Google',
  'Your handle, your picture, when you joined and your role; the buildings you added; your photos with their credit and licence; your comments, with your handle; and the lists you make public. Votes are shown to others only as totals: which buildings you rated, and how, only you see. Your email address is shown to no one but you. Private lists are visible to you alone. Content that moderators hide is hidden from everyone but you and them.':
    'اسم المستخدم وصورتك وتاريخ انضمامك ودورك؛ والمباني التي أضفتها؛ وصورك مع نسبتها وترخيصها؛ وتعليقاتك مع اسم المستخدم؛ والقوائم التي تجعلها عامة. لا تظهر التصويتات للآخرين إلا كمجاميع: أي المباني قيّمتها وكيف، فلا يرى ذلك غيرك. ولا يظهر بريدك الإلكتروني لأحد سواك. والقوائم الخاصة مرئية لك وحدك. أما المحتوى الذي يخفيه المشرفون فمخفي عن الجميع باستثنائك وباستثنائهم.',
  'buildings and their details, photos (the original files, with the metadata your camera wrote, such as the place it was taken, and smaller copies without it), votes, comments, lists, reports and feedback (with an email address only if you give one).':
    'المباني وتفاصيلها، والصور (الملفات الأصلية مع البيانات الوصفية التي كتبتها الكاميرا، مثل مكان التقاطها، ونسخ أصغر من دونها)، والتصويتات والتعليقات والقوائم والبلاغات والملاحظات (مع بريد إلكتروني فقط إن قدّمته).',
  'filters them by style and by the years they were built, and shows the catalogue as of any year, demolished buildings included while they stood.':
    'تصفّيها حسب الطراز وسنوات البناء، وتعرض الفهرس كما كان في أي سنة، بما في ذلك المباني المهدومة طوال مدة وجودها.',
  "on the explore screen downloads every building matching your filters and the year you are looking at, or only those in the map's view, as GeoJSON (points with the card's facts, styles and architects) or CSV (one row a building:":
    'في شاشة الاستكشاف تنزّل كل المباني المطابقة لعوامل التصفية والسنة التي تعرضها، أو تلك الظاهرة في الخريطة فقط، بصيغة GeoJSON (نقاط مع معلومات البطاقة وطرزها ومعمارييها) أو CSV (صف لكل مبنى:',
  'over https': 'عبر https',
  'see the API documentation': 'راجع توثيق واجهة البرمجة',
  "takes the map's filters": 'تقبل عوامل تصفية الخريطة',
  'the default': 'الافتراضي',
  'the language you chose, if you choose one.': 'اللغة التي اخترتها، إن اخترت واحدة.',
  "the server's log has a line for each request with the address it came from, and the rate limits count requests per address and minute.":
    'يتضمن سجل الخادم سطرًا لكل طلب مع العنوان الذي جاء منه، وتحسب حدود المعدّل الطلبات لكل عنوان ولكل دقيقة.',
  "when you sign in with Google: the account's id, its email address and the address of its profile picture. Your handle is generated and carries nothing of them until you choose your own.":
    'عند تسجيل الدخول عبر Google: معرّف الحساب وعنوان بريده الإلكتروني وعنوان صورة ملفه الشخصي. يُنشأ اسم المستخدم تلقائيًا ولا يحمل شيئًا منها حتى تختار اسمك بنفسك.',
  'your session, set when you sign in and removed when you sign out. It holds a random id and nothing else, and is sent only to this site.':
    'جلستك، يُنشأ عند تسجيل الدخول ويُزال عند تسجيل الخروج. لا يحمل سوى معرّف عشوائي، ولا يُرسل إلا إلى هذا الموقع.',
};

export default messages;
