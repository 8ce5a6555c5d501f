"""A delta shrinker over a spec family's tree: drop variants, whole tables, list entries and
optional keys one at a time, keeping each drop after which the family still fails the same
invariant (a drop that makes the spec invalid fails `check` instead, and is undone)."""
import copy

from emit_yaml import dump
from generator import family

# a side's type_modifiers too: dropped, its matrix is no longer read and can go as a whole table;
# an item's at_most: dropped, it counts once
OPTIONAL_KEYS = ("text", "label", "caption", "column", "note", "group", "numbered", "subtitle", "type_modifiers", "at_most")
# an item's types (`only`, `except`): dropped, it is for every type; a row's `again`: dropped, it
# does not roll again
OPTIONAL_LISTS = ("only", "except", "again")
LISTS = ("tables", "items", "groups", "sections", "rows", "vocabularies", "errata", "renames", "asserts", "modifiers", "matchups")
MAX_TRIES = 80


def _candidates(node, path=()):
    """Paths of what can be dropped: list entries of LISTS, optional keys."""
    if isinstance(node, dict):
        for k, v in node.items():
            if str(k).startswith("_"):
                continue
            if (k in OPTIONAL_KEYS and not isinstance(v, (dict, list))) or k in OPTIONAL_LISTS:
                yield path + (k,)
            if k in LISTS and isinstance(v, list) and len(v) > 1:
                for i in range(len(v)):
                    yield path + (k, i)
            yield from _candidates(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _candidates(v, path + (i,))


def _drop(tree, path):
    t = copy.deepcopy(tree)
    node = t
    for p in path[:-1]:
        node = node[p]
    del node[path[-1]]
    return t


def shrink_family(ctx, failure, run_batch):
    fam = family(failure.seed, ctx.fmt)

    def fails(f):
        saved = ctx.cxx
        if not failure.invariant.startswith(("lookup.header", "runtime.", "header.")):
            ctx.cxx = ""  # the header program only where the failure is the headers'
        try:
            return any(x.invariant == failure.invariant for x in run_batch(ctx, [failure.seed], fams=[f]))
        except (StopIteration, RuntimeError, KeyError, IndexError):
            # A cut that leaves the family inconsistent for the oracle (a table a roll still
            # names was dropped) is no smaller failing case: keep what it would have dropped.
            return False
        finally:
            ctx.cxx = saved

    # the failing spec and what it needs: its root
    keep = [e for e in fam if e[0] == failure.spec or e is fam[0]]
    if keep != fam and fails(keep):
        fam = keep
    tries = 0
    if len(fam) == 1:
        changed = True
        while changed and tries < MAX_TRIES:
            changed = False
            name, tree, _ = fam[0]
            for path in list(_candidates(tree)):
                tries += 1
                if tries > MAX_TRIES:
                    break
                try:
                    smaller = _drop(tree, path)
                except (KeyError, IndexError):
                    continue
                cand = [(name, smaller, smaller)]
                if fails(cand):
                    fam, changed = cand, True
                    break
    return "\n".join(f"# rules/gen/{n}.yaml (seed {failure.seed})\n" + dump(t) for n, t, _ in fam)
