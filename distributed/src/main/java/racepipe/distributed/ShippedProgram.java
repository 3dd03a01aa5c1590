package racepipe.distributed;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkFiles;
import org.apache.spark.api.java.JavaSparkContext;
import racepipe.pipeline.input.ProgramInput;

/**
 * The program's jars (and class folders) shipped with the job ({@code SparkContext.addFile}), each
 * under a name of its own (its position, then its file name: two dependencies may share a name),
 * and the program rebuilt on an executor from the copies Spark fetched there.
 */
final class ShippedProgram implements Serializable {
    private static final long serialVersionUID = 1L;
    private final String entry;
    private final ArrayList<String> args;
    private final ArrayList<String> names = new ArrayList<>();
    private final ArrayList<String> originals = new ArrayList<>();

    private ShippedProgram(String entry, List<String> args) {
        this.entry = entry;
        this.args = new ArrayList<>(args);
    }

    /** Ships {@code program}'s paths through {@code staging} (links named N-NAME) and returns what a task needs to find them. */
    static ShippedProgram ship(JavaSparkContext sc, ProgramInput program, Path staging) throws IOException {
        ShippedProgram p = new ShippedProgram(program.entry(), program.args());
        Files.createDirectories(staging);
        List<Path> paths = program.paths();
        for (int i = 0; i < paths.size(); i++) {
            Path real = paths.get(i).toAbsolutePath().normalize();
            String name = i + "-" + real.getFileName();
            Path link = staging.resolve(name);
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, real);
            sc.sc().addFile(link.toString(), Files.isDirectory(real));
            p.names.add(name);
            p.originals.add(real.toString());
        }
        return p;
    }

    /**
     * On an executor: the program with the paths of the fetched copies; where Spark fetched none
     * (local[N]: the tasks run in the driver's JVM) the driver's own paths.
     */
    ProgramInput local() {
        List<Path> paths = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            Path fetched = Path.of(SparkFiles.get(names.get(i)));
            paths.add(Files.exists(fetched) ? fetched : Path.of(originals.get(i)));
        }
        return new ProgramInput(paths.get(0), entry, args, paths.subList(1, paths.size()));
    }
}
