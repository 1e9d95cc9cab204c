import { useEffect, useState } from 'react';
import { api, type Me, type Session } from './api';
import type { SignInUser } from '../web-api';

/** Resolves a token to its person: the session the rest of the app runs with. */
export async function sessionOf(token: string): Promise<Session> {
  return {
    token,
    me: await api<Me>('/api/auth/me', { token, method: 'POST' }),
  };
}

/**
 * Sign in as one of the seeded users (the picker answers on this machine only), or with a token
 * printed by `npm run seed`.
 */
export function SignIn({
  onSignedIn,
}: {
  onSignedIn: (session: Session) => void;
}) {
  const [users, setUsers] = useState<SignInUser[]>();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();

  useEffect(() => {
    api<SignInUser[]>('/api/web/sign-in/users')
      .then(setUsers)
      .catch((failure: Error) => {
        setUsers([]);
        setError(failure.message);
      });
  }, []);

  const signIn = async (issue: () => Promise<string>) => {
    try {
      onSignedIn(await sessionOf(await issue()));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <main className="sign-in">
      <h1>Docmost AI tools</h1>
      <p className="hint">The reference host: pick who you are.</p>
      <ul className="user-list">
        {(users ?? []).map((user) => (
          <li key={user.id}>
            <button
              type="button"
              onClick={() =>
                void signIn(
                  async () =>
                    (
                      await api<{ token: string }>(
                        `/api/web/sign-in/${user.id}`,
                        { method: 'POST' },
                      )
                    ).token,
                )
              }
            >
              <strong>{user.name ?? user.email}</strong>
              <span>{user.email}</span>
              <span className="tool-badge">{user.role}</span>
              <span className="hint">{user.workspace}</span>
            </button>
          </li>
        ))}
      </ul>
      {users?.length === 0 && !error && (
        <p className="hint">No users yet: run `npm run seed`.</p>
      )}
      <form
        className="token-form"
        onSubmit={(event) => {
          event.preventDefault();
          void signIn(async () => token.trim());
        }}
      >
        <label>
          or a token
          <input
            value={token}
            onChange={(event) => setToken(event.target.value)}
            placeholder="dmt_…"
          />
        </label>
        <button type="submit" disabled={token.trim() === ''}>
          Sign in
        </button>
      </form>
      {error && <p className="error">{error}</p>}
    </main>
  );
}
