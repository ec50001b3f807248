import { HandlerRefusal } from '../../ipc/refusal.ts';
import type { ConsoleContext } from '../console-context.ts';
import type { ConsoleServices } from '../console-services.ts';

/**
 * The Trust Layer the console was started with (--trust-layer, --api-key-file, --season-base), or the act's refusal
 * CONSOLE_TRUST_LAYER_NOT_CONFIGURED: `why` says what the act needs it for and which options to give.
 */
export function trustLayerOf(ctx: ConsoleContext, why: string): NonNullable<ConsoleServices['freeze']> {
  const service = ctx.services?.freeze ?? null;
  if (service === null) throw new HandlerRefusal('CONSOLE_TRUST_LAYER_NOT_CONFIGURED', why);
  return service;
}

/**
 * The season service the console was started with (--season-url, --operator-token-file), or the act's refusal
 * CONSOLE_SEASON_SERVICE_NOT_CONFIGURED: `why` says what the act needs it for.
 */
export function seasonServiceOf(ctx: ConsoleContext, why: string): NonNullable<ConsoleServices['seasonService']> {
  const service = ctx.services?.seasonService ?? null;
  if (service === null) throw new HandlerRefusal('CONSOLE_SEASON_SERVICE_NOT_CONFIGURED', why);
  return service;
}
