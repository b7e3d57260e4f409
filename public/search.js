// The header search box, with JavaScript: results appear as one types, from /api/v1/search (same
// origin, as the Content-Security-Policy requires). Without this script the form submits to
// /search, which answers with the results in the site's own layout. Where the browser offers
// WebMCP (document.modelContext in the current draft, navigator.modelContext in earlier ones), the
// same search is registered as a read-only tool for browser agents.
(() => {
  const form = document.querySelector('form.site-search');
  const input = form?.querySelector('input[name="q"]');
  const box = document.getElementById('site-search-results');
  if (!form || !input || !box) return;

  // The status line's words are the site's (FO-LANGUAGE): the form carries its locale's entries of
  // src/records/strings/ as data-* attributes (English when a page has none). Marks are filled
  // by a function, never a replacement pattern, so a query's `$&` stays itself.
  const lang = document.documentElement.lang || 'en';
  const plural = new Intl.PluralRules(lang);
  const number = new Intl.NumberFormat(lang);
  const words = {
    resultsOne: form.dataset.resultsOne || '{n} result for “{query}”',
    resultsOther: form.dataset.resultsOther || '{n} results for “{query}”',
    top: form.dataset.top || 'Top {n} results for “{query}”',
    nothing: form.dataset.nothing || 'Nothing found for “{query}”',
    all: form.dataset.all || 'All results',
  };
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (mark, name) => (Object.hasOwn(values, name) ? values[name] : mark));

  // A translation's pages search in their language (FO-I18N): the form names it, and its action is that language's /search.
  const langParam = form.dataset.lang ? `&lang=${encodeURIComponent(form.dataset.lang)}` : '';
  const search = async (query, limit, signal) => {
    const res = await fetch(`/api/v1/search?q=${encodeURIComponent(query)}&limit=${limit}${langParam}`, { signal, headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`search answered ${res.status}`);
    return (await res.json()).hits;
  };
  const pathOf = (url) => new URL(url, location.href).pathname;

  let timer;
  let controller;
  const close = () => {
    box.hidden = true;
    box.replaceChildren();
  };
  const links = () => [...box.querySelectorAll('a')];

  const show = (query, hits) => {
    const status = document.createElement('p');
    status.className = 'site-search__status';
    status.setAttribute('role', 'status');
    const n = hits.length;
    const counted = plural.select(n) === 'one' ? words.resultsOne : words.resultsOther;
    status.textContent = fill(n === 0 ? words.nothing : n === 8 ? words.top : counted, { n: number.format(n), query });
    const list = document.createElement('ul');
    for (const hit of hits) {
      const item = document.createElement('li');
      // A hit not translated into the page's language is in its own (FO-I18N): its item says so, for hyphenation and speech.
      if (hit.lang && hit.lang !== lang) item.lang = hit.lang;
      const link = document.createElement('a');
      link.href = pathOf(hit.url);
      link.textContent = hit.title;
      const summary = document.createElement('span');
      summary.textContent = hit.summary;
      item.append(link, summary);
      list.append(item);
    }
    const all = document.createElement('a');
    all.className = 'site-search__all';
    all.href = `${pathOf(form.action)}?q=${encodeURIComponent(query)}`;
    all.textContent = words.all;
    box.replaceChildren(status, ...(hits.length ? [list, all] : []));
    box.hidden = false;
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    controller?.abort();
    const query = input.value.trim();
    if (!query) return close();
    timer = setTimeout(async () => {
      controller = new AbortController();
      try {
        show(query, await search(query, 8, controller.signal));
      } catch (error) {
        if (error.name !== 'AbortError') close();
      }
    }, 150);
  });

  // Arrow keys move between the input and the results; Escape closes them.
  form.addEventListener('keydown', (event) => {
    const all = links();
    const at = all.indexOf(document.activeElement);
    if (event.key === 'Escape') {
      close();
      input.focus();
    } else if (event.key === 'ArrowDown' && all.length) {
      event.preventDefault();
      all[Math.min(at + 1, all.length - 1)].focus();
    } else if (event.key === 'ArrowUp' && at >= 0) {
      event.preventDefault();
      (at === 0 ? input : all[at - 1]).focus();
    }
  });
  document.addEventListener('click', (event) => {
    if (!form.contains(event.target)) close();
  });

  const modelContext = document.modelContext || navigator.modelContext;
  if (modelContext) {
    const tool = {
      name: form.getAttribute('toolname') || 'search_site',
      description: form.getAttribute('tooldescription') || 'Search this site.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string', description: input.getAttribute('toolparamdescription') || 'Words to look for' } },
        required: ['query'],
      },
      annotations: { readOnlyHint: true },
      async execute({ query }) {
        const hits = await search(String(query), 10);
        const results = hits.map((h) => ({ title: h.title, summary: h.summary, url: h.url, markdown: h.twinUrl }));
        return { content: [{ type: 'text', text: JSON.stringify(results) }] };
      },
    };
    // registerTool returns a Promise in the current draft (and nothing in earlier ones): a refusal
    // (a tool of that name already there, say) must not surface as an unhandled rejection.
    const registered = () => {
      if (typeof modelContext.registerTool === 'function') return modelContext.registerTool(tool);
      if (typeof modelContext.provideContext === 'function') return modelContext.provideContext({ tools: [tool] });
      return undefined;
    };
    Promise.resolve()
      .then(registered)
      .catch((error) => console.warn('WebMCP: the search tool was not registered', error));
  }
})();
