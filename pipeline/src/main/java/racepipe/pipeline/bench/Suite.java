package racepipe.pipeline.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/** The benchmarks of a suite jar: every {@code benchmarks/NAME/truth.tsv} with a {@code benchmarks.NAME.Main}. */
public final class Suite {
    private Suite() {
    }

    public static List<String> names(Path jar) throws IOException {
        TreeSet<String> truths = new TreeSet<>(), mains = new TreeSet<>();
        try (JarFile j = new JarFile(jar.toFile())) {
            for (Enumeration<JarEntry> e = j.entries(); e.hasMoreElements(); ) {
                String n = e.nextElement().getName();
                String[] parts = n.split("/");
                if (parts.length == 3 && parts[0].equals("benchmarks")) {
                    if (parts[2].equals("truth.tsv")) {
                        truths.add(parts[1]);
                    } else if (parts[2].equals("Main.class")) {
                        mains.add(parts[1]);
                    }
                }
            }
        }
        truths.retainAll(mains);
        return new ArrayList<>(truths);
    }

    public static InputStream truth(Path jar, String name) throws IOException {
        return resource(jar, name, "truth.tsv");
    }

    /** The benchmark's deadlocks.tsv (its lock cycles' truth), or null when it has none. */
    public static InputStream deadlocks(Path jar, String name) throws IOException {
        return optional(jar, name, "deadlocks.tsv");
    }

    /** The benchmark's atomicity.tsv (its atomic blocks' truth, by labels as truth.tsv), or null when it has none. */
    public static InputStream atomicity(Path jar, String name) throws IOException {
        return optional(jar, name, "atomicity.tsv");
    }

    private static InputStream optional(Path jar, String name, String file) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            if (j.getJarEntry("benchmarks/" + name + "/" + file) == null) {
                return null;
            }
        }
        return resource(jar, name, file);
    }

    private static InputStream resource(Path jar, String name, String file) throws IOException {
        JarFile j = new JarFile(jar.toFile());
        JarEntry e = j.getJarEntry("benchmarks/" + name + "/" + file);
        return new java.io.ByteArrayInputStream(j.getInputStream(e).readAllBytes()) {
            @Override
            public void close() throws IOException {
                super.close();
                j.close();
            }
        };
    }
}
