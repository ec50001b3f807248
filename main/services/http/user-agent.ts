import packageJson from '../../../package.json' with { type: 'json' };

/**
 * The Trust Layer's edge answers a bare 403 to default library User-Agents (trust-layer-reference §7), so every request
 * names the console and its version.
 */
export const USER_AGENT = `proveit-console/${packageJson.version}`;
