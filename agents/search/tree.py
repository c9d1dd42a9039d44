"""The trees of a batch of searches, one row per search (mctx's `Tree` with its batch
dimension): node 0 of each row is its root, children[b, node, action] the child's index (-1:
none yet). The kernel reads them as the `Tree` tuple; `Forest` owns them and reads results."""

from __future__ import annotations

from collections import namedtuple

import numpy as np

Tree = namedtuple("Tree", "children logits expanded mover visits value availability "
                          "node_count root_value")


class Forest:
    """The arrays of `rows` searches of at most `max_nodes` nodes over `num_actions` actions.
    `with_logits`: keep the network's logits per node (PUCT and Gumbel need them)."""

    def __init__(self, rows: int, max_nodes: int, num_actions: int, with_logits: bool):
        # A node's rows are written when it is added (the kernel clears them), so the memory
        # of a large, mostly unused tree (a time budget) is never touched.
        children = np.empty((rows, max_nodes, num_actions), np.int32)
        children[:, 0] = -1
        logits = np.empty((rows, max_nodes if with_logits else 1, num_actions), np.float32)
        self.tree = Tree(children, logits, np.zeros((rows, max_nodes), np.uint8),
                         np.zeros((rows, max_nodes), np.int32), np.zeros((rows, max_nodes)),
                         np.zeros((rows, max_nodes)), np.zeros((rows, max_nodes)),
                         np.ones(rows, np.int64), np.zeros(rows))

    def row(self, b: int) -> SearchTree:
        """The tree of search `b`."""
        return SearchTree(self, b)


class SearchTree:
    """One search's tree in a `Forest`: node 0 is its root."""

    def __init__(self, forest: Forest, b: int):
        tree = forest.tree
        self.children = tree.children[b]
        self.logits = tree.logits[b]
        self.expanded = tree.expanded[b]
        self.mover = tree.mover[b]
        self.visits = tree.visits[b]
        self.value = tree.value[b]
        self.node_count = int(tree.node_count[b])
        self.root_value = float(tree.root_value[b])

    def _at_root(self, per_node: np.ndarray) -> np.ndarray:
        out = np.zeros(self.children.shape[1])
        tried = self.children[0] >= 0
        out[tried] = per_node[self.children[0][tried]]
        return out

    def root_visits(self) -> np.ndarray:
        """Visits of each root action (0 for actions never tried)."""
        return self._at_root(self.visits)

    def root_values(self) -> np.ndarray:
        """The mean reward of each root action for the seat that searched (its Q; 0 for
        actions never visited)."""
        counts = self.root_visits()
        totals = self._at_root(self.value)
        return np.divide(totals, counts, out=np.zeros_like(counts), where=counts > 0)
