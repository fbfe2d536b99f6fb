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

/** A set of literals one of which every match contains. */
type Need = ReadonlySet<string>;

interface Info {
  /** Every string the fragment can match, when few enough to list. */
  exact: Exact;
  /** Sets of literals: every match contains a literal of each set (none: nothing required). */
  needs: readonly Need[];
}

/** The most strings an exact set may hold before it counts as "too many to list". */
const EXACT_LIMIT = 256;
/** The most sets a fragment keeps in `needs` (the most selective ones). */
const NEEDS_KEPT = 4;

const ANY_CHAR: Info = { exact: null, needs: [] };
const EMPTY: Info = { exact: new Set(['']), needs: [] };

class Unsupported extends Error {}

function product(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> | null {
  if (a.size * b.size > EXACT_LIMIT) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

/** How selective a set is: longer shortest literal first, then fewer literals. */
function score(set: Need): number {
  let shortest = Infinity;
  for (const s of set) shortest = Math.min(shortest, s.length);
  return Math.min(shortest, 8) * 10_000 - set.size;
}

/** A set from an exact one: usable only when the fragment cannot match "". */
function needOf(exact: Exact): Need | null {
  if (!exact || exact.size === 0 || exact.has('')) return null;
  return exact;
}

/** The most selective sets, without repeats. */
function keep(needs: ReadonlyArray<Need | null>): Need[] {
  const distinct = new Map<string, Need>();
  for (const need of needs) if (need) distinct.set([...need].sort().join('\u0000'), need);
  return [...distinct.values()].sort((a, b) => score(b) - score(a)).slice(0, NEEDS_KEPT);
}

function sequence(items: readonly Info[]): Info {
  let exact: Exact = new Set(['']);
  const needs: Array<Need | null> = [];
  // runs of neighbouring fragments whose strings can be listed, joined ("kill" + " " +
  // "myself"), each run as long as its list stays short; other fragments bring their own sets
  let run: ReadonlySet<string> = new Set(['']);
  for (const item of items) {
    exact = exact && item.exact ? product(exact, item.exact) : null;
    if (item.exact) {
      const longer = product(run, item.exact);
      if (longer) {
        run = longer;
        continue;
      }
      needs.push(needOf(run));
      run = item.exact;
    } else {
      needs.push(needOf(run), ...item.needs);
      run = new Set(['']);
    }
  }
  needs.push(needOf(run), needOf(exact));
  return { exact, needs: keep(needs) };
}

function alternation(branches: readonly Info[]): Info {
  let exact: Set<string> | null = new Set();
  let union: Set<string> | null = new Set();
  for (const branch of branches) {
    if (exact && branch.exact && exact.size + branch.exact.size <= EXACT_LIMIT) {
      for (const s of branch.exact) exact.add(s);
    } else exact = null;
    // each branch's most selective set: one of them is in every match of the alternation
    const need = keep([...branch.needs, needOf(branch.exact)])[0];
    if (union && need) for (const s of need) union.add(s);
    else union = null;
  }
  return { exact, needs: keep([union, needOf(exact)]) };
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
  const needs = min >= 1 ? [...item.needs, needOf(item.exact)] : [];
  return { exact, needs: keep([...needs, needOf(exact)]) };
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
    return { info: literal(c), quantifiable: true };
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
    return { info: literal(this.escapedChar(next)), quantifiable: true };
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
      if (
        this.peek() === '-' &&
        this.source[this.at + 1] !== ']' &&
        this.at + 1 < this.source.length
      ) {
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
    return { exact: chars, needs: [chars] };
  }
}

/** A back-reference can repeat anything, the empty string included. */
const ANY_CHAR_RUN: Info = { exact: null, needs: [] };

function literal(char: string): Info {
  const only = new Set([char]);
  return { exact: only, needs: [only] };
}

/**
 * Sets of literals such that every match of the pattern contains a literal of each set, or null
 * when nothing can be required and the pattern must always be run.
 */
export function requiredLiterals(pattern: RegExp): ReadonlyArray<readonly string[]> | null {
  if (/[iuvy]/.test(pattern.flags)) return null;
  try {
    const { needs } = new Reader(pattern.source).read();
    const usable = needs.filter((need) => need.size > 0 && !need.has(''));
    return usable.length > 0 ? usable.map((need) => [...need]) : null;
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

/**
 * Literals are cut to this many characters: a prefix of a required literal is required too. Ten
 * keeps nearly all the selectivity ("want to di", not "want t") at a few MB of table.
 */
const LITERAL_LENGTH = 10;

/**
 * Many patterns behind one scan: `mayMatch(text)` says, for each pattern, whether it can match
 * the text at all. Add every pattern at module load; the automaton (Aho–Corasick, compiled to a
 * table with one step per character) is built on the first scan.
 *
 * A pattern needs one literal of each of its sets ("units"); a unit is found when one of its
 * literals occurs, and a pattern may match when all its units are found.
 */
export class LiteralGate {
  private readonly patterns: RegExp[] = [];
  private readonly literalsOf: Array<ReadonlyArray<readonly string[]> | null> = [];
  private built = false;
  /** Character code → column of the table (0: a character no literal holds). */
  private readonly columnOf = new Map<number, number>();
  private readonly asciiColumn = new Int32Array(128);
  private columns = 1;
  /** The automaton: next state = table[state * columns + column]. */
  private table: Uint16Array | Int32Array = new Uint16Array(0);
  /** The units one of whose literals ends at a state: units[unitsFrom[state] … unitsFrom[state + 1]). */
  private unitsFrom: Int32Array = new Int32Array(1);
  private units: Int32Array = new Int32Array(0);
  /** The patterns that need a unit: needers[needersFrom[unit] … needersFrom[unit + 1]). */
  private needersFrom: Int32Array = new Int32Array(1);
  private needers: Int32Array = new Int32Array(0);
  /** Per scan: a unit is found when found[unit] === scanNumber; a pattern's units found so far. */
  private found = new Uint32Array(0);
  private scanNumber = 0;
  /** For each pattern, how many units it needs. */
  private unitCount = new Uint8Array(0);
  private always = new Uint8Array(0);
  /**
   * Recent texts' results: one guard call asks about the same few sentences (and the message
   * they make) from several layers and frames, interleaved, so one remembered text is not enough.
   */
  private readonly recent = new Map<string, Uint8Array>();

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

  /** The patterns that match the text although the gate says they cannot (none, ever): tests. */
  missedOn(text: string): RegExp[] {
    const possible = this.mayMatch(text);
    return this.patterns.filter((pattern, i) => {
      if (possible[i] === 1) return false;
      const fresh = new RegExp(pattern.source, pattern.flags);
      return fresh.test(text);
    });
  }

  private build() {
    this.built = true;
    const next: Array<Map<number, number>> = [new Map<number, number>()];
    const ending: Array<Set<number>> = [new Set()];
    const unitNumbers = new Map<string, number>();
    const patternsOf: number[][] = [];
    this.always = new Uint8Array(this.patterns.length);
    this.unitCount = new Uint8Array(this.patterns.length);
    this.literalsOf.forEach((sets, pattern) => {
      if (!sets) {
        this.always[pattern] = 1;
        return;
      }
      const units = new Set<number>();
      for (const set of sets) {
        const literals = [...new Set(set.map((l) => l.slice(0, LITERAL_LENGTH)))].sort();
        const key = literals.join('\u0000');
        let unit = unitNumbers.get(key);
        if (unit === undefined) {
          unit = unitNumbers.size;
          unitNumbers.set(key, unit);
          patternsOf.push([]);
          for (const literal of literals) this.insert(literal, unit, next, ending);
        }
        units.add(unit);
      }
      for (const unit of units) (patternsOf[unit] as number[]).push(pattern);
      this.unitCount[pattern] = units.size;
    });
    for (const [code, column] of this.columnOf) if (code < 128) this.asciiColumn[code] = column;
    // breadth first: each state's failure link, its full row of the table, its units
    const columns = this.columns;
    const table =
      next.length < 65_536
        ? new Uint16Array(next.length * columns)
        : new Int32Array(next.length * columns);
    const fail = new Int32Array(next.length);
    const queue: number[] = [];
    for (const [code, target] of next[0] as Map<number, number>) {
      table[this.columnOf.get(code) as number] = target;
      queue.push(target);
    }
    for (let head = 0; head < queue.length; head += 1) {
      const state = queue[head] as number;
      const link = fail[state] as number;
      for (const unit of ending[link] as Set<number>) (ending[state] as Set<number>).add(unit);
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
    [this.unitsFrom, this.units] = flatten(ending.map((units) => [...units]));
    [this.needersFrom, this.needers] = flatten(patternsOf);
    this.found = new Uint32Array(patternsOf.length);
  }

  private insert(
    literal: string,
    unit: number,
    next: Array<Map<number, number>>,
    ending: Array<Set<number>>,
  ) {
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
    (ending[state] as Set<number>).add(unit);
  }

  /** For each pattern (by number), 1 when it can match the text, 0 when it cannot. */
  mayMatch(text: string): Uint8Array {
    const known = this.recent.get(text);
    if (known) return known;
    if (!this.built) this.build();
    const { table, columns, asciiColumn, unitsFrom, units, needersFrom, needers, found } = this;
    const unitCount = this.unitCount;
    const result = this.always.slice();
    const unitsSeen = new Uint8Array(unitCount.length);
    const scan = (this.scanNumber = this.scanNumber === 0xffffffff ? 1 : this.scanNumber + 1);
    if (scan === 1) found.fill(0);
    let state = 0;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      const column = code < 128 ? (asciiColumn[code] as number) : (this.columnOf.get(code) ?? 0);
      state = table[state * columns + column] as number;
      const last = unitsFrom[state + 1] as number;
      for (let k = unitsFrom[state] as number; k < last; k += 1) {
        const unit = units[k] as number;
        if (found[unit] === scan) continue;
        found[unit] = scan;
        const end = needersFrom[unit + 1] as number;
        for (let j = needersFrom[unit] as number; j < end; j += 1) {
          const pattern = needers[j] as number;
          const seen = (unitsSeen[pattern] as number) + 1;
          unitsSeen[pattern] = seen;
          if (seen === unitCount[pattern]) result[pattern] = 1;
        }
      }
    }
    if (this.recent.size >= 32) this.recent.clear();
    this.recent.set(text, result);
    return result;
  }
}

/** Lists of numbers as one array and where each list starts (the last start is the end). */
function flatten(lists: ReadonlyArray<readonly number[]>): [Int32Array, Int32Array] {
  const from = new Int32Array(lists.length + 1);
  let total = 0;
  lists.forEach((list, i) => {
    from[i] = total;
    total += list.length;
  });
  from[lists.length] = total;
  const flat = new Int32Array(total);
  lists.forEach((list, i) => flat.set(list, from[i]));
  return [from, flat];
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
