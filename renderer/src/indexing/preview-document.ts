/**
 * The policy the Index previews run under, on top of the console's own (a `srcdoc` frame inherits it): nothing is
 * fetched, no script runs; only the page's own <style> and data: images. The exported page needs no more (it has no
 * script and draws its charts as inline SVG, docs/index-export.md).
 */
export const PREVIEW_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/**
 * The Index page as a preview frame's `srcdoc`: the strict policy as the first element of <head>, so it applies
 * before anything the page holds. The frame is also sandboxed without scripts (IndexPreviewFrame.svelte); the two
 * are independent locks, the policy holding even if the sandbox attribute were lost.
 */
export function previewDocument(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_POLICY}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length);
  return `<!doctype html><html><head>${meta}</head><body>${html}</body></html>`;
}
