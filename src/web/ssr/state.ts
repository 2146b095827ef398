// What a server-rendered page (decision 0045) carries for its hydration: the query cache the server rendered from,
// as JSON in <script type="application/json" id="homefix-state"> after #root (data, not script: the CSP allows it).
export const STATE_ELEMENT_ID = 'homefix-state';

/**
 * JSON made safe inside a <script> element: no `<` can close it (`</script>`) or open a comment; the JSON parser
 * reads `\u003c` back as `<`. U+2028 and U+2029 are escaped too, for any reader that takes it as JavaScript.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
