/** Addresses of this machine, as Fastify reports the peer of a socket (IPv4, IPv6, mapped). */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether a request came from a person on this machine: its socket's peer is loopback and it
 * names no forwarding (a reverse proxy on this machine would make every request look local;
 * proxies add `X-Forwarded-For` or `Forwarded`).
 */
export function isLocalRequest(request: {
  readonly socket: { readonly remoteAddress?: string };
  readonly headers: Readonly<Record<string, unknown>>;
}): boolean {
  const address = request.socket.remoteAddress;
  return (
    address !== undefined &&
    LOOPBACK.test(address) &&
    request.headers['x-forwarded-for'] === undefined &&
    request.headers.forwarded === undefined
  );
}
