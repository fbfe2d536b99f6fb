// What a signed one-tap link in a message carries, declared on the side of the module that acts
// on it; the delivery worker signs and checks them (server/delivery/links.ts).

export type LinkClaims =
  | { kind: 'complete'; userId: string; taskId: string; deliveryId: string }
  | { kind: 'unsubscribe'; userId: string; channel: DeliveryChannel };

export class LinkError extends Error {
  constructor(
    readonly reason: 'invalid' | 'expired',
    message: string,
  ) {
    super(message);
    this.name = 'LinkError';
  }
}

export interface LinkSigner {
  sign(claims: LinkClaims): Promise<string>;
  /** The claims of a genuine, unexpired link; a LinkError otherwise. */
  verify(token: string): Promise<LinkClaims>;
}
import { type DeliveryChannel } from '#contracts/channels.ts';
