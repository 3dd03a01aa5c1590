package racepipe.statics.internal.wala;

import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ssa.SSAAbstractInvokeInstruction;
import java.util.Set;

/**
 * One abstract thread: the main thread (spawnNode null), or one spawn call in one node with one
 * thread object (Thread.start) or task object (executors). {@code object} is what the spawn
 * hands over; {@code bodies} the objects whose run()/call()/get() it runs.
 */
record WalaThread(int id, SpawnKind kind, CGNode spawnNode, SSAAbstractInvokeInstruction spawn,
                  InstanceKey object, Set<InstanceKey> bodies, Set<CGNode> entries, String name) {
}
