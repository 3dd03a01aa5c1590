package racepipe.statics.internal.wala;

import com.ibm.wala.classLoader.BinaryDirectoryTreeModule;
import com.ibm.wala.classLoader.Language;
import com.ibm.wala.core.util.config.AnalysisScopeReader;
import com.ibm.wala.ipa.callgraph.AnalysisCacheImpl;
import com.ibm.wala.ipa.callgraph.AnalysisOptions;
import com.ibm.wala.ipa.callgraph.AnalysisScope;
import com.ibm.wala.ipa.callgraph.CallGraph;
import com.ibm.wala.ipa.callgraph.Entrypoint;
import com.ibm.wala.ipa.callgraph.IAnalysisCacheView;
import com.ibm.wala.ipa.callgraph.impl.Util;
import com.ibm.wala.ipa.callgraph.propagation.InstanceKey;
import com.ibm.wala.ipa.callgraph.propagation.PointerAnalysis;
import com.ibm.wala.ipa.callgraph.propagation.SSAPropagationCallGraphBuilder;
import com.ibm.wala.ipa.callgraph.propagation.cfa.ZeroXCFABuilder;
import com.ibm.wala.ipa.callgraph.propagation.cfa.ZeroXInstanceKeys;
import com.ibm.wala.ipa.cha.ClassHierarchyException;
import com.ibm.wala.ipa.cha.ClassHierarchyFactory;
import com.ibm.wala.ipa.cha.IClassHierarchy;
import com.ibm.wala.types.ClassLoaderReference;
import com.ibm.wala.types.TypeReference;
import com.ibm.wala.util.config.FileOfClasses;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import racepipe.statics.AnalysisInput;
import racepipe.statics.StaticInputError;
import racepipe.statics.internal.Budget;
import racepipe.statics.internal.StageClock;

/**
 * Scope (application + the JDK's classes, {@link JdkCache}), class hierarchy, and a 0-1-CFA call graph,
 * container-sensitive (collection methods analysed per receiver object, so two lists keep their
 * own arrays; {@code -Dracepipe.wala.builder=cfa} for plain 0-1-CFA; {@link WrapperContexts}: one
 * wrapper object per {@code Collections.synchronizedX} call site), with an allocation-site heap that keeps field-less objects (locks) apart; strings and throwables
 * are merged, they are never race bases worth the cost.
 */
final class WalaBuild {
    /**
     * Without exclusions the JDK makes every builder crawl; keep LambdaMetafactory for lambdas. The
     * test frameworks too: a 10-line test body's {@code assertEquals} pulled JUnit's message
     * building and the JDK's formatting into the call graph (3,728 nodes, 1.5 GB for 31 sites) and
     * no race inside them is ever reported. What a test hands them to run ({@code assertThrows(..,
     * () -> body)}) is then missed by the engine, not by the detectors.
     */
    static final String EXCLUSIONS = String.join("\n",
            "org/junit/.*", "junit/.*", "org/opentest4j/.*", "org/assertj/.*", "org/hamcrest/.*", "org/apiguardian/.*",
            "sun/.*", "jdk/.*", "com/sun/.*", "java/awt/.*", "javax/swing/.*", "javax/sound/.*",
            "javax/imageio/.*", "javax/print/.*", "javax/management/.*", "javax/naming/.*",
            "javax/script/.*", "javax/crypto/.*", "javax/security/.*", "javax/net/.*", "javax/xml/.*",
            "org/w3c/.*", "org/xml/.*", "org/ietf/.*", "java/applet/.*", "java/rmi/.*", "java/sql/.*",
            "java/beans/.*", "java/security/.*", "java/lang/management/.*",
            "java/lang/invoke/(?!LambdaMetafactory$).*", "java/net/.*", "java/nio/channels/.*",
            "java/util/logging/.*", "java/util/prefs/.*", "java/time/.*", "java/text/.*") + "\n";

    static final int INSTANCE_POLICY = ZeroXInstanceKeys.ALLOCATIONS
            | ZeroXInstanceKeys.SMUSH_STRINGS | ZeroXInstanceKeys.SMUSH_THROWABLES;

    private WalaBuild() {
    }

    /**
     * Application + JDK + WALA's model classes. The JDK (the program's, {@code in.javaHome()}) comes
     * from {@link JdkCache}'s jar, made from its jmods/ or its run-time image: WALA 1.6.12's own
     * scope reader knows only the running JDK's {@code jmods/}.
     */
    private static AnalysisScope scope(Path javaHome, java.util.List<Path> cp, File exclusions) throws IOException {
        Path jdk;
        try {
            jdk = JdkCache.jdkJar(javaHome, EXCLUSIONS);
        } catch (IOException e) {
            throw new StaticInputError("cannot read the JDK's classes in " + javaHome + ": " + e.getMessage());
        }
        AnalysisScope scope = AnalysisScope.createJavaAnalysisScope();
        try (var in = Files.newInputStream(exclusions.toPath())) {
            scope.setExclusions(new FileOfClasses(in));
        }
        scope.addToScope(ClassLoaderReference.Primordial, new JarFile(jdk.toFile()));
        AnalysisScopeReader.instance.processScopeDefLine(scope, AnalysisScopeReader.class.getClassLoader(),
                "Primordial,Java,jarFile,primordial.jar.model");
        // each path as given (ClassPathEntries has followed the manifests): WALA's own reader throws on a missing entry
        for (Path p : cp) {
            if (Files.isDirectory(p)) {
                scope.addToScope(ClassLoaderReference.Application, new BinaryDirectoryTreeModule(p.toFile()));
            } else {
                scope.addToScope(ClassLoaderReference.Application, new JarFile(p.toFile(), false));
            }
        }
        return scope;
    }

    static WalaProgram build(AnalysisInput in, StageClock clock, Budget budget) {
        try {
            Path excl = Files.createTempFile("racepipe-wala-exclusions", ".txt");
            Files.writeString(excl, EXCLUSIONS);
            excl.toFile().deleteOnExit();
            String cp = in.application().stream().map(p -> p.toAbsolutePath().toString())
                    .collect(Collectors.joining(File.pathSeparator));
            AnalysisScope scope = scope(in.javaHome(), in.application(), excl.toFile());
            IClassHierarchy cha = ClassHierarchyFactory.makeWithRoot(scope);
            String entry = "L" + in.entryClass().replace('.', '/');
            if (cha.lookupClass(TypeReference.findOrCreate(ClassLoaderReference.Application, entry)) == null) {
                throw new StaticInputError("entry class " + in.entryClass() + " is not in " + cp);
            }
            clock.lap("wala: class hierarchy (" + cha.getNumberOfClasses() + " classes)");
            clock.next("call graph + points-to");
            Iterable<Entrypoint> eps = Util.makeMainEntrypoints(cha, entry);
            if (!eps.iterator().hasNext()) {
                throw new StaticInputError("entry class " + in.entryClass() + " has no main(String[])");
            }
            AnalysisOptions options = new AnalysisOptions(scope, eps);
            options.setReflectionOptions(AnalysisOptions.ReflectionOptions.NONE);
            IAnalysisCacheView cache = new AnalysisCacheImpl();
            Util.addDefaultSelectors(options, cha);
            Util.addDefaultBypassLogic(options, Util.class.getClassLoader(), cha);
            SSAPropagationCallGraphBuilder builder = "cfa".equals(System.getProperty("racepipe.wala.builder"))
                    ? ZeroXCFABuilder.make(Language.JAVA, cha, options, cache, new WrapperContexts(), null, INSTANCE_POLICY)
                    : new com.ibm.wala.ipa.callgraph.propagation.cfa.ZeroXContainerCFABuilder(cha, options, cache,
                            new WrapperContexts(), null, INSTANCE_POLICY);
            CallGraph cg;
            PointerAnalysis<InstanceKey> pa;
            try {
                cg = builder.makeCallGraph(options, new StopMonitor(budget));
                pa = builder.getPointerAnalysis();
            } catch (com.ibm.wala.ipa.callgraph.CallGraphBuilderCancelException e) {
                // the budget ran out: go on with what propagation reached (marked partial)
                cg = e.getPartialCallGraph();
                pa = e.getPartialPointerAnalysis();
                if (cg == null || pa == null) {
                    throw new IllegalStateException("call graph construction stopped with nothing built", e);
                }
            }
            clock.lap("wala: call graph + points-to (" + cg.getNumberOfNodes() + " nodes)"
                    + (budget.why() != null ? ", partial" : ""));
            budget.grace();
            return new WalaProgram(cha, cg, pa, racepipe.statics.internal.DependencyClasses.of(in));
        } catch (ClassHierarchyException | IllegalArgumentException e) {
            throw new StaticInputError("cannot read the application classes: " + e.getMessage());
        } catch (IOException e) {
            throw new StaticInputError("cannot read " + in.application() + ": " + e.getMessage());
        }
    }

    /** Tells WALA's solver to stop once the budget is spent. */
    private record StopMonitor(Budget budget) implements com.ibm.wala.util.MonitorUtil.IProgressMonitor {
        @Override
        public void beginTask(String task, int totalWork) {
        }

        @Override
        public void subTask(String subTask) {
        }

        @Override
        public void cancel() {
        }

        @Override
        public boolean isCanceled() {
            return budget.over();
        }

        @Override
        public void done() {
        }

        @Override
        public void worked(int units) {
        }

        @Override
        public String getCancelMessage() {
            return budget.why();
        }
    }
}
