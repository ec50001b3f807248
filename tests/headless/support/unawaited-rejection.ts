// A process that leaves a promise rejected with nothing awaiting it, then goes on working (run by
// unhandled-rejections.test.ts through bin/run-ts.mjs). `with-policy` installs the console process's policy first.
import { keepServingOnUnhandledRejection } from '../../../main/headless/unhandled-rejections.ts';

if (process.argv[2] === 'with-policy') keepServingOnUnhandledRejection((line) => process.stderr.write(line));
const message = process.argv[3] ?? 'no message';
void Promise.reject(new Error(message));
// Work the process does after the rejection was reported: it runs only if the process was not ended.
setImmediate(() => setImmediate(() => process.stdout.write('still serving\n')));
