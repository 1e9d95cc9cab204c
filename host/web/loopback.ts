/** Addresses of this machine, as Fastify reports the peer of a socket (IPv4, IPv6, mapped). */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Whether a request came from this machine (no proxy is trusted: the socket's own peer). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK.test(address);
}
