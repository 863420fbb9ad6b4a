/* global document, location, URL, fetch */
// The docs site's version switcher (typedoc's customJs, scripts/docs-site.mjs): the site's root
// holds one folder per major (v2/, and latest/ for the newest) and versions.json listing them. Each
// page gets a select of the versions in its toolbar, which opens the same page in the chosen
// version (or that version's first page when it has no such page), and a link to the index of all.
(() => {
  const toolbar = document.getElementById('tsd-toolbar-links');
  if (toolbar === null) return;
  // typedoc writes the way back to its output folder (this version's root) on <html data-base>.
  const versionRoot = new URL(document.documentElement.dataset.base ?? './', location.href);
  const siteRoot = new URL('../', versionRoot);
  const here = versionRoot.href.slice(siteRoot.href.length);
  const page = location.href.startsWith(versionRoot.href) ? location.href.slice(versionRoot.href.length) : '';

  const all = document.createElement('a');
  all.href = new URL('index.html', siteRoot).href;
  all.textContent = 'All versions';
  toolbar.append(all);

  fetch(new URL('versions.json', siteRoot))
    .then((response) => (response.ok ? response.json() : { versions: [] }))
    .then(({ versions }) => {
      if (!Array.isArray(versions) || versions.length === 0) return;
      const select = document.createElement('select');
      select.setAttribute('aria-label', 'Documentation version');
      select.style.margin = '0 0.5rem';
      for (const version of versions) {
        const option = document.createElement('option');
        option.value = version.path;
        option.textContent = version.label;
        option.selected = version.path === here;
        select.append(option);
      }
      select.addEventListener('change', async () => {
        const chosen = versions.find((v) => v.path === select.value);
        if (chosen === undefined) return;
        const target = chosen.url ?? new URL(chosen.path, siteRoot).href;
        const samePage = new URL(page.split('#')[0], target).href;
        const found =
          chosen.url === undefined
            ? await fetch(samePage, { method: 'HEAD' }).then(
                (r) => r.ok,
                () => false,
              )
            : false;
        location.href = found ? samePage : target;
      });
      toolbar.prepend(select);
    })
    .catch(() => {});
})();
