/**
 * A literal gate for many regular expressions run over the same short texts (ADR 022, "Cost").
 *
 * For each pattern it works out, once at module load, a set of literal strings such that every
 * match of the pattern contains at least one of them ("kill", "suicid", "took ", …). One pass of
 * an Aho–Corasick automaton over a text finds which of those literals occur; a pattern none of
 * whose literals occur cannot match, so it is not run at all. A pattern for which no such set can
 * be proven (it can match text of any letters, or uses a construct the analysis does not read)
 * is always run. The gate never changes what a pattern finds, only whether it is asked.
 *
 * The analysis reads JavaScript regular expression syntax without the `u`, `v` or `i` flags (a
 * pattern with `i` is always run). It is deliberately conservative: anything it is unsure of
 * counts as "can match anything here".
 */

/** The strings a fragment can match: every one of them (exact), or null when too many to list. */
type Exact = ReadonlySet<string> | null;

interface Info {
  /** Every string the fragment can match, when few enough to list. */
  exact: Exact;
  /** Strings one of which every match contains; null when nothing can be required. */
  required: ReadonlySet<string> | null;
}

/** The most strings an exact set may hold before it counts as "too many to list". */
const EXACT_LIMIT = 256;

const ANY_CHAR: Info = { exact: null, required: null };
const EMPTY: Info = { exact: new Set(['']), required: null };

class Unsupported extends Error {}

function product(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> | null {
  if (a.size * b.size > EXACT_LIMIT) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

/** How useful a required set is: longer shortest literal first, then fewer literals. */
function score(set: ReadonlySet<string>): number {
  let shortest = Infinity;
  for (const s of set) shortest = Math.min(shortest, s.length);
  return Math.min(shortest, 8) * 10_000 - set.size;
}

function better(
  a: ReadonlySet<string> | null,
  b: ReadonlySet<string> | null,
): ReadonlySet<string> | null {
  if (!a) return b;
  if (!b) return a;
  return score(b) > score(a) ? b : a;
}

/** A required set from an exact one: usable only when the fragment cannot match "". */
function requiredOf(exact: Exact): ReadonlySet<string> | null {
  if (!exact || exact.size === 0 || exact.has('')) return null;
  return exact;
}

function sequence(items: readonly Info[]): Info {
  let exact: Exact = new Set(['']);
  let required: ReadonlySet<string> | null = null;
  for (const item of items) {
    required = better(required, item.required);
    exact = exact && item.exact ? product(exact, item.exact) : null;
  }
  // runs of fragments whose strings can be listed, joined: "kill" + " " + "myself"
  for (let start = 0; start < items.length; start += 1) {
    let run: Exact = new Set(['']);
    for (let end = start; end < items.length; end += 1) {
      const next = items[end]?.exact;
      run = run && next ? product(run, next) : null;
      if (!run) break;
      required = better(required, requiredOf(run));
    }
  }
  return { exact, required: better(required, requiredOf(exact)) };
}

function alternation(branches: readonly Info[]): Info {
  let exact: Set<string> | null = new Set();
  let required: Set<string> | null = new Set();
  for (const branch of branches) {
    if (exact && branch.exact && exact.size + branch.exact.size <= EXACT_LIMIT) {
      for (const s of branch.exact) exact.add(s);
    } else exact = null;
    const need = branch.required ?? requiredOf(branch.exact);
    if (required && need) for (const s of need) required.add(s);
    else required = null;
  }
  return { exact, required: better(required, requiredOf(exact)) };
}

function repeat(item: Info, min: number, max: number): Info {
  let exact: Exact = null;
  if (item.exact && max <= 4) {
    const all = new Set<string>();
    let power: Exact = new Set(['']);
    for (let k = 0; k <= max && power; k += 1) {
      if (k >= min) for (const s of power) all.add(s);
      if (all.size > EXACT_LIMIT) break;
      power = k < max ? product(power, item.exact) : power;
    }
    exact = all.size <= EXACT_LIMIT && power ? all : null;
  }
  const required = min >= 1 ? better(item.required, requiredOf(item.exact)) : null;
  return { exact, required: better(required, requiredOf(exact)) };
}

/** Reads a pattern's source and returns what every match must contain. */
class Reader {
  private at = 0;
  constructor(private readonly source: string) {}

  read(): Info {
    const info = this.disjunction();
    if (this.at < this.source.length) throw new Unsupported(`unexpected ${this.peek()}`);
    return info;
  }

  private peek(): string {
    return this.source[this.at] ?? '';
  }

  private disjunction(): Info {
    const branches = [this.alternative()];
    while (this.peek() === '|') {
      this.at += 1;
      branches.push(this.alternative());
    }
    return branches.length === 1 ? (branches[0] as Info) : alternation(branches);
  }

  private alternative(): Info {
    const items: Info[] = [];
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      items.push(atom.quantifiable ? this.quantified(atom.info) : atom.info);
    }
    return sequence(items);
  }

  private quantified(info: Info): Info {
    const c = this.peek();
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      this.at += 1;
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    } else if (c === '{') {
      const braces = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!braces) return info; // a literal "{" was already read as an atom of its own
      this.at += braces[0].length;
      min = Number(braces[1]);
      max = braces[2] === undefined ? min : braces[3] ? Number(braces[3]) : Infinity;
    } else return info;
    if (this.peek() === '?') this.at += 1; // lazy: the same strings
    return repeat(info, min, max);
  }

  private atom(): { info: Info; quantifiable: boolean } {
    const c = this.peek();
    if (c === '^' || c === '$') {
      this.at += 1;
      return { info: EMPTY, quantifiable: false };
    }
    if (c === '(') return this.group();
    if (c === '[') return { info: this.characterClass(), quantifiable: true };
    if (c === '.') {
      this.at += 1;
      return { info: ANY_CHAR, quantifiable: true };
    }
    if (c === '\\') return this.escape();
    if (c === '*' || c === '+' || c === '?' || c === ')') throw new Unsupported(`stray ${c}`);
    if (c === '{' && /^\{\d+(,\d*)?\}/.test(this.source.slice(this.at))) {
      throw new Unsupported('quantifier without an atom');
    }
    this.at += 1;
    return { info: { exact: new Set([c]), required: new Set([c]) }, quantifiable: true };
  }

  private group(): { info: Info; quantifiable: boolean } {
    const rest = this.source.slice(this.at);
    const lookaround = /^\(\?(?:=|!|<=|<!)/.exec(rest);
    if (lookaround) {
      this.at += lookaround[0].length;
      this.disjunction(); // zero-width: nothing of it is part of the match
      this.expect(')');
      return { info: EMPTY, quantifiable: false };
    }
    const opening = /^\((?:\?:|\?<[A-Za-z_$][\w$]*>)?/.exec(rest);
    this.at += opening?.[0].length ?? 1;
    if (opening?.[0] === '(' && rest.startsWith('(?')) throw new Unsupported('group syntax');
    const info = this.disjunction();
    this.expect(')');
    return { info, quantifiable: true };
  }

  private expect(c: string) {
    if (this.peek() !== c) throw new Unsupported(`expected ${c}`);
    this.at += 1;
  }

  private escape(): { info: Info; quantifiable: boolean } {
    const next = this.source[this.at + 1] ?? '';
    this.at += 2;
    if (next === 'b' || next === 'B') return { info: EMPTY, quantifiable: false };
    if ('dDwWsS'.includes(next)) return { info: ANY_CHAR, quantifiable: true };
    if (/[1-9]/.test(next)) return { info: ANY_CHAR_RUN, quantifiable: true }; // a back-reference
    const char = this.escapedChar(next);
    return { info: { exact: new Set([char]), required: new Set([char]) }, quantifiable: true };
  }

  /** The character an escape stands for (after its backslash and first letter were read). */
  private escapedChar(next: string): string {
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', 0: '\0' };
    if (next in simple) return simple[next] as string;
    if (next === 'x' || next === 'u') {
      const digits = next === 'x' ? 2 : 4;
      const hex = this.source.slice(this.at, this.at + digits);
      if (!new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(hex)) throw new Unsupported('escape');
      this.at += digits;
      return String.fromCharCode(parseInt(hex, 16));
    }
    if (next === 'c' || next === 'k' || next === 'p' || next === 'P' || next === '') {
      throw new Unsupported(`escape \\${next}`);
    }
    return next; // an escaped punctuation mark or letter stands for itself
  }

  /** A class of characters: listed when it is a handful of plain characters, otherwise any. */
  private characterClass(): Info {
    this.at += 1;
    const negated = this.peek() === '^';
    if (negated) this.at += 1;
    const chars = new Set<string>();
    let open = false;
    while (this.at < this.source.length && this.peek() !== ']') {
      let c = this.peek();
      this.at += 1;
      if (c === '\\') {
        const next = this.source[this.at] ?? '';
        this.at += 1;
        if ('dDwWsSbB'.includes(next) || /[1-9]/.test(next)) {
          open = true;
          continue;
        }
        c = this.escapedChar(next);
      }
      if (this.peek() === '-' && this.source[this.at + 1] !== ']' && this.at + 1 < this.source.length) {
        this.at += 1;
        let end = this.peek();
        this.at += 1;
        if (end === '\\') {
          const next = this.source[this.at] ?? '';
          this.at += 1;
          if ('dDwWsSbB'.includes(next)) {
            open = true;
            continue;
          }
          end = this.escapedChar(next);
        }
        const from = c.charCodeAt(0);
        const to = end.charCodeAt(0);
        if (to - from > 16) open = true;
        else for (let code = from; code <= to; code += 1) chars.add(String.fromCharCode(code));
        continue;
      }
      chars.add(c);
    }
    this.expect(']');
    if (negated || open || chars.size === 0 || chars.size > 16) return ANY_CHAR;
    return { exact: chars, required: chars };
  }
}

/** A back-reference can repeat anything, the empty string included. */
const ANY_CHAR_RUN: Info = { exact: null, required: null };

/**
 * The literals one of which every match of the pattern contains, or null when the pattern must
 * always be run.
 */
export function requiredLiterals(pattern: RegExp): readonly string[] | null {
  if (/[iuvy]/.test(pattern.flags)) return null;
  try {
    const { required } = new Reader(pattern.source).read();
    return required && !required.has('') ? [...required] : null;
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

/** Literals are cut to this many characters: a prefix of a required literal is required too. */
const LITERAL_LENGTH = 6;

/**
 * Many patterns behind one scan: `mayMatch(text)` says, for each pattern, whether it can match
 * the text at all. Add every pattern at module load; the automaton (Aho–Corasick, compiled to a
 * table with one step per character) is built on the first scan.
 */
export class LiteralGate {
  private readonly patterns: RegExp[] = [];
  private readonly literalsOf: Array<readonly string[] | null> = [];
  private built = false;
  /** Character code → column of the table (0: a character no literal holds). */
  private columnOf = new Map<number, number>();
  private asciiColumn = new Int32Array(128);
  private columns = 1;
  /** The automaton: next state = table[state * columns + column]. */
  private table = new Int32Array(0);
  /** For each state, the patterns whose literal ends there (theirs or a suffix's). */
  private enables: Int32Array[] = [];
  private always = new Uint8Array(0);
  private lastText: string | null = null;
  private lastResult = new Uint8Array(0);

  /** Registers a pattern and returns its number, for `mayMatch`. */
  add(pattern: RegExp): number {
    if (this.built) throw new Error('LiteralGate: patterns must be added before the first scan');
    this.patterns.push(pattern);
    this.literalsOf.push(requiredLiterals(pattern));
    return this.patterns.length - 1;
  }

  /** A gated pattern: `test` and `possible` ask the gate first. */
  gated(pattern: RegExp): GatedPattern {
    return new GatedPattern(this, this.add(pattern), pattern);
  }

  /** The patterns that are always run (no literal could be proven), for tests and tuning. */
  ungated(): RegExp[] {
    return this.patterns.filter((_, i) => this.literalsOf[i] === null);
  }

  private build() {
    this.built = true;
    const next: Array<Map<number, number>> = [new Map()];
    const ending: Array<Set<number>> = [new Set()];
    this.always = new Uint8Array(this.patterns.length);
    this.literalsOf.forEach((literals, pattern) => {
      if (!literals) {
        this.always[pattern] = 1;
        return;
      }
      for (const literal of new Set(literals.map((l) => l.slice(0, LITERAL_LENGTH)))) {
        let state = 0;
        for (let i = 0; i < literal.length; i += 1) {
          const code = literal.charCodeAt(i);
          if (!this.columnOf.has(code)) this.columnOf.set(code, this.columns++);
          let target = (next[state] as Map<number, number>).get(code);
          if (target === undefined) {
            target = next.length;
            next.push(new Map());
            ending.push(new Set());
            (next[state] as Map<number, number>).set(code, target);
          }
          state = target;
        }
        (ending[state] as Set<number>).add(pattern);
      }
    });
    for (const [code, column] of this.columnOf) if (code < 128) this.asciiColumn[code] = column;
    // breadth first: each state's failure link, its full row of the table, its patterns
    const columns = this.columns;
    const table = new Int32Array(next.length * columns);
    const fail = new Int32Array(next.length);
    const queue: number[] = [];
    for (const [code, target] of next[0] as Map<number, number>) {
      table[this.columnOf.get(code) as number] = target;
      queue.push(target);
    }
    for (let head = 0; head < queue.length; head += 1) {
      const state = queue[head] as number;
      const link = fail[state] as number;
      for (const pattern of ending[link] as Set<number>) (ending[state] as Set<number>).add(pattern);
      for (let column = 0; column < columns; column += 1) {
        table[state * columns + column] = table[link * columns + column] as number;
      }
      for (const [code, target] of next[state] as Map<number, number>) {
        const column = this.columnOf.get(code) as number;
        fail[target] = table[link * columns + column] as number;
        table[state * columns + column] = target;
        queue.push(target);
      }
    }
    this.table = table;
    this.enables = ending.map((patterns) => Int32Array.from(patterns));
  }

  /** For each pattern (by number), 1 when it can match the text, 0 when it cannot. */
  mayMatch(text: string): Uint8Array {
    if (text === this.lastText) return this.lastResult;
    if (!this.built) this.build();
    const { table, columns, asciiColumn, enables } = this;
    const result = this.always.slice();
    let state = 0;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      const column = code < 128 ? (asciiColumn[code] as number) : (this.columnOf.get(code) ?? 0);
      state = table[state * columns + column] as number;
      const patterns = enables[state] as Int32Array;
      for (let k = 0; k < patterns.length; k += 1) result[patterns[k] as number] = 1;
    }
    this.lastText = text;
    this.lastResult = result;
    return result;
  }
}

/** A pattern behind a gate: asked only when one of its literals occurs in the text. */
export class GatedPattern {
  constructor(
    private readonly gate: LiteralGate,
    readonly id: number,
    readonly pattern: RegExp,
  ) {}

  /** Whether the pattern can match the text at all (its literals occur). */
  possible(text: string): boolean {
    return this.gate.mayMatch(text)[this.id] === 1;
  }

  test(text: string): boolean {
    return this.possible(text) && this.pattern.test(text);
  }
}
