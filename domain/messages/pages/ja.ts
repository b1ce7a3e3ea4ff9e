/**
 * Japanese translations of the About and Privacy pages' prose: loaded with those pages
 * (web/src/lib/i18n-pages.ts), not put in every page as the main catalogue (ja.ts) is, which keeps
 * a translated first visit small. Keyed by the English text like the main catalogue;
 * scripts/catalogues.test.ts checks they are used by those pages only.
 */
const messages: Readonly<Record<string, string>> = {
  'A session ends {days, plural, one {# day} other {# days}} after it was last used, and at the latest {maxAge, plural, one {# day} other {# days}} after you signed in; expired sessions are deleted within the hour.':
    'セッションは、最後に使われてから{days, plural, other {#日}}後、遅くともログインから{maxAge, plural, other {#日}}後に終了します。期限切れのセッションは1時間以内に削除されます。',
  'A session ends {days, plural, one {# day} other {# days}} after it was last used; expired sessions are deleted within the hour.':
    'セッションは、最後に使われてから{days, plural, other {#日}}後に終了します。期限切れのセッションは1時間以内に削除されます。',
  'About Atlas of Buildings': 'Atlas of Buildings について',
  'Atlas of Buildings is a community catalogue of architecture on a world map: buildings with their years, styles, architects and photos, added and rated by the people who visit them.':
    'Atlas of Buildings は、世界地図の上にみんなで作る建築のカタログです。建物とその年代、様式、建築家、写真を、実際に訪れた人たちが追加し、評価しています。',
  'Atlas of Buildings keeps what it needs to run a community catalogue: who you are when you sign in, and what you add. It shows no advertising, sells nothing and sends nothing about you to anyone for tracking.':
    'Atlas of Buildings が保存するのは、みんなで作るカタログの運営に必要なものだけです。ログインしたときのあなたが誰かと、あなたが追加したものです。広告は表示せず、何も販売せず、トラッキングのためにあなたの情報を誰かに送ることもありません。',
  Contact: '連絡先',
  Cookies: 'Cookie',
  'Download or delete your data': 'データのダウンロードと削除',
  'Each list has an Export menu too; a private list exports for its owner only.':
    '各リストにも「エクスポート」メニューがあります。非公開のリストをエクスポートできるのは所有者だけです。',
  'Every photo carries its own licence, chosen by the person who uploaded it, and a credit shown under the photo in the viewer (“© author · licence”):':
    '写真にはそれぞれ、アップロードした人が選んだライセンスと、ビューアーで写真の下に表示されるクレジット(「© 作者 · ライセンス」)が付いています:',
  'For anything about your data, write to the operator of this site:':
    'データに関するお問い合わせは、このサイトの運営者までご連絡ください:',
  'For scripts:': 'スクリプトからは:',
  'How long things are kept': '保存期間',
  'IP addresses': 'IP アドレス',
  'In your Settings (your user page, then Settings), “Download my data” gives you a ZIP file with your profile, the buildings you added, your comments, votes, lists and photos, with the original photo files, your hidden content included. “Delete my account” deletes your account and what is yours; buildings you added stay in the open catalogue, credited to the site, unless you choose to remove the ones nobody else contributed to.':
    '設定(ユーザーページから「設定」)の「データをダウンロード」では、プロフィール、追加した建物、コメント、投票、リスト、写真を、元の写真ファイルや非表示にされたコンテンツも含めて ZIP ファイルで受け取れます。「アカウントを削除」は、アカウントとあなたのものを削除します。追加した建物はサイトの名義でオープンなカタログに残りますが、ほかに誰も貢献していない建物は削除することもできます。',
  "No other cookies. The browser also keeps a few settings of this site on your device only (your colour scheme, the map's last view). Signing in with Google loads Google's sign-in button from Google, under Google's own privacy policy.":
    'ほかの Cookie はありません。ブラウザーは、このサイトのいくつかの設定(配色、地図の最後の表示位置)をあなたの端末だけに保存します。Google でログインすると、Google のログインボタンが Google から読み込まれ、Google 自身のプライバシーポリシーが適用されます。',
  'One export at a time per address, please.': 'エクスポートは、1つのアドレスにつき一度に1件でお願いします。',
  Photos: '写真',
  "Photos are not part of the exported data; an export links each building's page, where its photos and their credits are.":
    '写真はエクスポートされるデータに含まれません。エクスポートには各建物のページへのリンクがあり、そこで写真とそのクレジットを見られます。',
  'Rate-limit counts per address are kept for at most two minutes. Place searches are counted per user and day, and the counts are deleted the next day.':
    'アドレスごとのレート制限のカウントは最長2分間保存されます。場所の検索はユーザーごと・日ごとに数えられ、そのカウントは翌日に削除されます。',
  'Signing out ends it at once, and “Sign out everywhere” in Settings ends all of them.':
    'ログアウトするとすぐに終了し、設定の「すべての端末からログアウト」ですべてのセッションが終了します。',
  'The Export menu': '「エクスポート」メニュー',
  'The catalogue (buildings, their places, years, styles and architects) is open data under the':
    'カタログ(建物とその場所、年代、様式、建築家)は、次のライセンスで公開されたオープンデータです:',
  'The catalogue itself is open data: see': 'カタログ自体はオープンデータです。詳しくは次を参照:',
  'The data: ODbL 1.0': 'データ: ODbL 1.0',
  'The explore screen': '探索画面',
  "The server's log is kept as long as the operator's log system keeps it.":
    'サーバーのログは、運営者のログシステムが保存している間、保存されます。',
  'The whole catalogue:': 'カタログ全体:',
  'What is public': '公開される情報',
  'What is stored': '保存される情報',
  'What the site stores about the people who use it, and how to download or delete it:':
    'サイトが利用者について保存する情報と、そのダウンロード・削除の方法:',
  'What you add': 'あなたが追加するもの',
  'What you add is kept until you remove it or delete your account. When you change your handle, or delete your account, the old handle stays reserved for {days, plural, one {# day} other {# days}}, so that no one else can take it at once; after that anyone may choose it.':
    '追加したものは、あなたが削除するか、アカウントを削除するまで保存されます。ハンドル名を変更したりアカウントを削除したりすると、ほかの人がすぐに使えないよう、古いハンドル名は{days, plural, other {#日}}間予約されます。その後は誰でも選べるようになります。',
  'You may copy, share and build on it, also commercially, as long as you credit “Atlas of Buildings contributors”, keep a database you make from it open under the same licence, and do not lock it behind technical restrictions.':
    '商用利用も含め、コピー、共有、二次利用ができます。ただし「Atlas of Buildings contributors」とクレジットを表記し、そこから作ったデータベースを同じライセンスで公開し続け、技術的な制限で囲い込まないでください。',
  'Your Google identity': 'Google アカウントの情報',
  'Your handle, your picture, when you joined and your role; the buildings you added; your photos with their credit and licence; your comments, with your handle; and the lists you make public. Votes are shown to others only as totals: which buildings you rated, and how, only you see. Your email address is shown to no one but you. Private lists are visible to you alone. Content that moderators hide is hidden from everyone but you and them.':
    'ハンドル名、プロフィール画像、登録日、役割、追加した建物、クレジットとライセンス付きの写真、ハンドル名付きのコメント、公開にしたリスト。投票はほかの人には合計としてのみ表示され、どの建物をどう評価したかはあなただけが見られます。メールアドレスはあなた以外の誰にも表示されません。非公開のリストはあなただけが見られます。モデレーターが非表示にしたコンテンツは、あなたとモデレーター以外には表示されません。',
  'buildings and their details, photos (the original files, with the metadata your camera wrote, such as the place it was taken, and smaller copies without it), votes, comments, lists, reports and feedback (with an email address only if you give one).':
    '建物とその詳細、写真(撮影場所などカメラが書き込んだメタデータを含む元のファイルと、それを除いた縮小版)、投票、コメント、リスト、通報、フィードバック(メールアドレスは入力した場合のみ)。',
  'filters them by style and by the years they were built, and shows the catalogue as of any year, demolished buildings included while they stood.':
    'では、様式や建てられた年で建物を絞り込み、任意の年の時点のカタログを表示できます。取り壊された建物も、建っていた間は表示されます。',
  "on the explore screen downloads every building matching your filters and the year you are looking at, or only those in the map's view, as GeoJSON (points with the card's facts, styles and architects) or CSV (one row a building:":
    'は探索画面にあり、フィルターと表示中の年に合うすべての建物、または地図の表示範囲内の建物だけをダウンロードします。形式は GeoJSON(カードの情報、様式、建築家を含むポイント)または CSV(建物ごとに1行:',
  'over https': 'https の場合',
  'see the API documentation': 'API ドキュメントを参照',
  "takes the map's filters": 'は地図と同じフィルターを受け付けます',
  'the default': 'デフォルト',
  'the language you chose, if you choose one.': '言語を選んだ場合、その言語。',
  "the server's log has a line for each request with the address it came from, and the rate limits count requests per address and minute.":
    'サーバーのログにはリクエストごとに送信元アドレスを含む行が記録され、レート制限はアドレスごと・1分ごとにリクエストを数えます。',
  "when you sign in with Google: the account's id, its email address and the address of its profile picture. Your handle is generated and carries nothing of them until you choose your own.":
    '(Google でログインした場合):アカウントの ID、メールアドレス、プロフィール画像のアドレス。ハンドル名は自動で生成され、自分で選ぶまで、これらの情報を一切含みません。',
  'your session, set when you sign in and removed when you sign out. It holds a random id and nothing else, and is sent only to this site.':
    'セッションです。ログイン時に設定され、ログアウト時に削除されます。ランダムな ID だけを含み、このサイトにだけ送信されます。',
};

export default messages;
