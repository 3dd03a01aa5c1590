package racepipe.statics.internal;

import java.util.BitSet;
import java.util.function.IntFunction;

/**
 * The nodes of a directed graph that lie on a cycle (a non-trivial strongly connected component
 * or a self-loop): an instruction in such a block may run more than once per call. Iterative
 * Tarjan, so deep control-flow graphs do not overflow the stack.
 */
public final class LoopNodes {
    private LoopNodes() {
    }

    /** {@code succ.apply(i)} lists the successors of node i, nodes being 0..n-1. */
    public static BitSet of(int n, IntFunction<int[]> succ) {
        int[] index = new int[n];
        int[] low = new int[n];
        boolean[] onStack = new boolean[n];
        java.util.Arrays.fill(index, -1);
        int[] stack = new int[n];
        int sp = 0;
        int[] callNode = new int[n];
        int[] callEdge = new int[n];
        int[][] succs = new int[n][];
        BitSet loop = new BitSet(n);
        int counter = 0;
        for (int root = 0; root < n; root++) {
            if (index[root] >= 0) {
                continue;
            }
            int depth = 0;
            callNode[0] = root;
            callEdge[0] = 0;
            index[root] = low[root] = counter++;
            stack[sp++] = root;
            onStack[root] = true;
            succs[root] = succ.apply(root);
            while (depth >= 0) {
                int v = callNode[depth];
                if (callEdge[depth] < succs[v].length) {
                    int w = succs[v][callEdge[depth]++];
                    if (w == v) {
                        loop.set(v);
                    }
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        succs[w] = succ.apply(w);
                        depth++;
                        callNode[depth] = w;
                        callEdge[depth] = 0;
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                } else {
                    if (low[v] == index[v]) {
                        int size = 0;
                        int w;
                        int start = sp;
                        do {
                            w = stack[--sp];
                            onStack[w] = false;
                            size++;
                        } while (w != v);
                        if (size > 1) {
                            for (int i = sp; i < start; i++) {
                                loop.set(stack[i]);
                            }
                        }
                    }
                    depth--;
                    if (depth >= 0) {
                        int parent = callNode[depth];
                        low[parent] = Math.min(low[parent], low[v]);
                    }
                }
            }
        }
        return loop;
    }
}
