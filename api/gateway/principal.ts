import type { Account } from '../../db/accounts.ts';
import type { KeyKind } from '../../lib/api-keys.ts';

/** Who is calling: the key that authenticated the request and its account. */
export interface Principal {
  keyId: string;
  kind: KeyKind;
  account: Account;
}

declare module 'koa' {
  interface DefaultState {
    principal?: Principal;
  }
}
