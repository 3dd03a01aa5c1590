package racepipe.distributed;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkFiles;
import org.apache.spark.api.java.JavaSparkContext;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;

/**
 * The program's jars (and class folders) shipped with the job ({@code SparkContext.addFile}), and
 * the program rebuilt on an executor from the copies Spark fetched there.
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

    /**
     * Ships {@code program}'s paths under their own names; a jar whose name an earlier path took
     * goes as a copy in {@code staging} named N-NAME (Spark names a shipped file by its real name,
     * through links).
     */
    static ShippedProgram ship(JavaSparkContext sc, ProgramInput program, Path staging) throws IOException {
        ShippedProgram p = new ShippedProgram(program.entry(), program.args());
        List<Path> paths = program.paths();
        for (int i = 0; i < paths.size(); i++) {
            Path real = paths.get(i).toAbsolutePath().normalize();
            Path shipped = real;
            if (p.names.contains(real.getFileName().toString())) {
                if (Files.isDirectory(real)) {
                    throw new UsageError("--spark: two class folders named " + real.getFileName() + " on the program's class path");
                }
                Files.createDirectories(staging);
                shipped = Files.copy(real, staging.resolve(i + "-" + real.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
            sc.sc().addFile(shipped.toString(), Files.isDirectory(shipped));
            p.names.add(shipped.getFileName().toString());
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
