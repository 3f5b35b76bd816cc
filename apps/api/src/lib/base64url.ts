/**
 * The bytes of a base64url text, only when the text is their one canonical spelling (no padding, no '+' or '/', no
 * unused bits set in the last character); null otherwise. Node's decoder is lenient: a token's signature with '==='
 * appended decoded to the same bytes and was accepted (issue 24). A signed token has one spelling.
 */
export function canonicalBase64url(text: string): Buffer | null {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}
