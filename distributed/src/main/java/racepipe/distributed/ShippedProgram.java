package racepipe.distributed;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import racepipe.pipeline.input.ProgramInput;

/** The program's jars (and class folders) shipped with the job, and the program rebuilt from them on an executor. */
final class ShippedProgram implements Serializable {
    private static final long serialVersionUID = 1L;
    private final String entry;
    private final ArrayList<String> args;
    private final ArrayList<String> jvmArgs;
    private final ArrayList<Shipped> paths = new ArrayList<>();

    private ShippedProgram(String entry, List<String> args, List<String> jvmArgs) {
        this.entry = entry;
        this.args = new ArrayList<>(args);
        this.jvmArgs = new ArrayList<>(jvmArgs);
    }

    static ShippedProgram ship(JavaSparkContext sc, ProgramInput program) throws IOException {
        ShippedProgram p = new ShippedProgram(program.entry(), program.args(), program.jvmArgs());
        for (Path path : program.paths()) {
            p.paths.add(Shipped.of(sc, path));
        }
        return p;
    }

    /** On an executor: the program with the paths of this machine's copies. */
    ProgramInput local() {
        List<Path> local = new ArrayList<>();
        for (Shipped s : paths) {
            local.add(s.local());
        }
        return new ProgramInput(local.get(0), entry, args, local.subList(1, local.size()), jvmArgs);
    }
}
