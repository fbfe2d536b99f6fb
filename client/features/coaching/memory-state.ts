import type { CoachMemory } from '#contracts/coaching.ts';

// Coach memory as Settings shows it: changes applied at once, undone if the server refuses.

export interface MemoryList {
  memories: CoachMemory[];
}

export type MemoryChange =
  { kind: 'update'; id: string; text: string; at: string } | { kind: 'delete'; id: string };

export function applyMemoryChange(list: MemoryList, change: MemoryChange): MemoryList {
  switch (change.kind) {
    case 'update':
      return {
        memories: list.memories.map((memory) =>
          memory.id === change.id
            ? { ...memory, text: change.text.trim(), updatedAt: change.at }
            : memory,
        ),
      };
    case 'delete':
      return { memories: list.memories.filter((memory) => memory.id !== change.id) };
  }
}

/** A memory the server just stored, newest first, once. */
export function withAdded(list: MemoryList, memory: CoachMemory): MemoryList {
  return { memories: [memory, ...list.memories.filter((m) => m.id !== memory.id)] };
}

/** Who keeps a memory, in words: a coach's name, or every coach. */
export function keeperOf(memory: CoachMemory, names: ReadonlyMap<string, string>): string {
  if (memory.coachId === null) return 'All your coaches';
  return names.get(memory.coachId) ?? 'A coach no longer on your list';
}
