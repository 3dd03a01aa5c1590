package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.CallSiteReference;
import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.Context;
import com.ibm.wala.ipa.callgraph.ContextSelector;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ipa.callgraph.propagation.cfa.CallerSiteContext;
import com.ibm.wala.util.intset.EmptyIntSet;
import com.ibm.wala.util.intset.IntSet;

/**
 * One call-string level for the synchronized-wrapper factories ({@code Collections.synchronizedList}
 * and the like): each call site gets its own wrapper object, so two synchronized lists keep their
 * own backing lists and mutexes instead of sharing the one wrapper allocated in the factory.
 * The same for {@code Objects.requireNonNull} called by the wrappers (their constructors store
 * its result). Consulted after WALA's container selector, which leaves static calls alone.
 */
final class WrapperContexts implements ContextSelector {
    @Override
    public Context getCalleeTarget(CGNode caller, CallSiteReference site, IMethod callee, InstanceKey[] receiver) {
        if (!callee.isStatic()) {
            return null;
        }
        String owner = WalaProgram.internalName(callee.getDeclaringClass().getReference());
        String name = callee.getName().toString();
        if (owner.equals("java/util/Collections") && name.startsWith("synchronized")) {
            return new CallerSiteContext(caller, site);
        }
        // the wrappers' constructors store Objects.requireNonNull(c): keep that identity per wrapper
        if (owner.equals("java/util/Objects") && name.equals("requireNonNull")
                && WalaProgram.internalName(caller.getMethod().getDeclaringClass().getReference())
                        .startsWith("java/util/Collections$")) {
            return new CallerSiteContext(caller, site);
        }
        return null;
    }

    @Override
    public IntSet getRelevantParameters(CGNode caller, CallSiteReference site) {
        return EmptyIntSet.instance;
    }
}
