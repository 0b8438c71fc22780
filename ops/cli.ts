// `npm run ops -- <command>`: the operators' and auditors' command line (the commands are in cli/).
import { processIo } from './cli/io.ts';
import { runCli } from './cli/run.ts';

const code = await runCli(process.argv.slice(2), processIo());
// explicit: the embedded server's exit hook would otherwise end the process with 0
process.exit(code);
