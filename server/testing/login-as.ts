import type { FastifyInstance } from 'fastify';
import type { TestUser } from './factories';

/** Logs in through the real endpoint and returns the Cookie header value for later requests. */
export async function loginAs(app: FastifyInstance, user: Pick<TestUser, 'email' | 'password'>, remoteAddress = '10.0.0.1'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password }, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`login failed with ${res.statusCode}: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name.endsWith('kita_session'));
  if (!cookie) throw new Error('login set no session cookie');
  return `${cookie.name}=${cookie.value}`;
}
