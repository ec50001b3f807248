/** One sample of a scrape: its metric name (with `_bucket`, `_sum`, `_count` where a histogram has them). */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  /** Each family's TYPE line, by family name. */
  types: Map<string, string>;
  samples: Sample[];
  text: string;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;

/**
 * Reads Prometheus' text exposition format (version 0.0.4) strictly: every line a comment, a sample or empty; a
 * sample's family declared by `# TYPE` before it; label values unescaped. What does not read so fails the test.
 */
export function parsePrometheusText(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP \S+ .*$/.test(line)) continue;
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a line of the text format: ${line}`);
    const [, name, labelText = '', valueText] = sample;
    const family = [...types.keys()].find(
      (f) => name === f || (types.get(f) === 'histogram' && /^_(bucket|sum|count)$/.test(name!.slice(f.length))),
    );
    if (!family) throw new Error(`a sample before its # TYPE line: ${line}`);
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    for (let at = 0; at < labelText.length; at = LABEL.lastIndex) {
      const label = LABEL.exec(labelText);
      if (!label) throw new Error(`labels that do not read: ${line}`);
      labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    const value = valueText === 'NaN' ? NaN : valueText === '+Inf' ? Infinity : Number(valueText);
    if (valueText !== 'NaN' && Number.isNaN(value)) throw new Error(`a value that is not a number: ${line}`);
    samples.push({ name: name!, labels, value });
  }
  return { types, samples, text };
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
export function valueOf(scrape: Scrape, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = scrape.samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** GET /metrics: checks the answer is Prometheus' text format, then reads it. */
export async function scrape(metricsUrl: string): Promise<Scrape> {
  const answer = await fetch(metricsUrl);
  if (answer.status !== 200) throw new Error(`GET /metrics answered ${answer.status}`);
  const type = answer.headers.get('content-type') ?? '';
  if (!/^text\/plain; version=0\.0\.4; charset=utf-8$/i.test(type)) throw new Error(`not the text format: ${type}`);
  return parsePrometheusText(await answer.text());
}
