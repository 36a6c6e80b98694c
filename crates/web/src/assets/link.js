// A recorded game in a shareable link: its JSON, as UTF-8, in base64url (RFC 4648 §5,
// no padding), after `#replay=` in the page's address. A fragment is never sent to a
// server: the game reaches this one only when the page posts it to be stepped through.

export const PREFIX = '#replay=';

export function encodeRecording(text) {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

// The recording's JSON text, or an Error saying the link is not one.
export function decodeRecording(encoded) {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) throw new Error('this link holds no recorded game (it is not base64url)');
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  let binary;
  try {
    binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  } catch {
    throw new Error('this link holds no recorded game (it is cut short)');
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('this link holds no recorded game (it is not UTF-8 text)');
  }
}

// The page's address that steps through `text`, a recording's JSON (written compactly).
export function linkOf(text, origin = location.origin) {
  let compact = text;
  try { compact = JSON.stringify(JSON.parse(text)); } catch { /* sent as it is: the server says what is wrong */ }
  return `${origin}/${PREFIX}${encodeRecording(compact)}`;
}
