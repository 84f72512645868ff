// Runs at the end of <body>, before the app's code: paints the start snapshot that the last visit
// to this same URL kept (client/app/start-snapshot.ts, docs/decisions/010-start-snapshot.md), so a
// warm start shows its results at once. Inert and hidden from assistive technology: the live page
// beneath takes its place as soon as it has settled. Shown only for the same build, colour scheme,
// language cookie and signed-in user it was drawn for; never for longer than 10 s. Its class rules
// are handed to the app's Emotion caches on any start of the same build for the same user.
(() => {
  const MAX_SHOWN_MS = 10_000;
  const read = (key) => {
    try {
      return JSON.parse(localStorage.getItem(key) ?? 'null');
    } catch {
      return null;
    }
  };
  const snapshot = read('sift:start-snapshot');
  if (snapshot?.version !== 2) return;

  const session = read('sift-auth:last-session');
  const user = session?.user && Date.parse(session.expires) > Date.now() ? session.user.id : null;
  const cookie = document.cookie.split('; ').find((entry) => entry.startsWith('i18n_redirected='));
  const language = cookie ? decodeURIComponent(cookie.slice('i18n_redirected='.length)) : '';
  // Class rules as Emotion's server-rendered style elements: the app's caches adopt them as
  // inserted, so its first render does not serialise and insert them again. They stay. A class
  // name is the hash of its styles, so any page of the same build, for the same user, gains.
  const sameBuild =
    snapshot.entry === (document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '') &&
    snapshot.owner === user;
  if (!sameBuild) return;
  const adopted = snapshot.emotion.map(({ key, names, css }) => {
    const element = document.createElement('style');
    element.setAttribute('data-emotion', [key, ...names].join(' '));
    element.textContent = css;
    return element;
  });
  document.head.append(...adopted);

  const sameView =
    snapshot.urls.includes(location.pathname + location.search) &&
    snapshot.colorScheme === (document.documentElement.dataset.colorScheme ?? '') &&
    snapshot.language === language;
  if (!sameView) return;

  const style = document.createElement('style');
  style.id = 'start-snapshot-style';
  style.textContent = `${snapshot.css}\n#start-snapshot{position:fixed;inset:0;z-index:2000;overflow:hidden;background-color:inherit;cursor:progress}`;
  const overlay = document.createElement('div');
  overlay.id = 'start-snapshot';
  overlay.inert = true;
  overlay.setAttribute('aria-hidden', 'true');
  overlay.lang = snapshot.lang;
  overlay.dir = snapshot.dir;
  overlay.innerHTML = snapshot.html;
  document.head.append(style);
  document.body.append(overlay);
  setTimeout(() => {
    overlay.remove();
    style.remove();
  }, MAX_SHOWN_MS);
})();
