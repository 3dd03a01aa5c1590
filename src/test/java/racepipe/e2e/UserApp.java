package racepipe.e2e;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.ToolProvider;

/**
 * A user's application as racepipe meets it: shop.jar (Main-Class shop.Main in its manifest) that
 * needs shoplib.jar at run time. It races on its own visits++ in two threads, and inside the
 * library, whose Inventory.add both threads call (counted at the two inv.add() lines); the
 * library first names the shop, so a missing shoplib.jar stops main before any thread starts.
 */
final class UserApp {
    static final String LIB = """
            package shoplib;
            public final class Names {
                public static String shop() { return "corner shop"; }
            }
            """;
    static final String INVENTORY = """
            package shoplib;
            public class Inventory {
                private int count;
                public void add() { count = count + 1; } // @L
                public int size() { return count; }
            }
            """;
    static final String APP = """
            package shop;
            public class Main {
                static int visits;
                public static void main(String[] a) throws Exception {
                    String name = shoplib.Names.shop();
                    shoplib.Inventory inv = new shoplib.Inventory();
                    Thread t = new Thread(() -> {
                        visits++; // @C
                        inv.add(); // @F
                    });
                    t.start();
                    visits++; // @D
                    inv.add(); // @G
                    t.join();
                    System.out.println(name + " " + visits); // @E
                    System.out.println(inv.size());
                }
            }
            """;

    final Path dir;
    final Path lib;
    final Path app;

    private UserApp(Path dir, Path lib, Path app) {
        this.dir = dir;
        this.lib = lib;
        this.app = app;
    }

    static UserApp build() throws IOException {
        Path dir = Files.createTempDirectory("racepipe-userapp");
        Path lib = jar(dir, "shoplib", Map.of("shoplib/Names.java", LIB, "shoplib/Inventory.java", INVENTORY), List.of(), null);
        Path app = jar(dir, "shop", Map.of("shop/Main.java", APP), List.of(lib), "shop.Main");
        return new UserApp(dir, lib, app);
    }

    /** "Main.java:N" of the app's line marked {@code marker}. */
    static String line(String marker) {
        List<String> lines = APP.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("// " + marker)) {
                return "Main.java:" + (i + 1);
            }
        }
        throw new IllegalArgumentException(marker);
    }

    /** "Inventory.java:N" of the library's line marked {@code marker}. */
    static String libLine(String marker) {
        List<String> lines = INVENTORY.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("// " + marker)) {
                return "Inventory.java:" + (i + 1);
            }
        }
        throw new IllegalArgumentException(marker);
    }

    static Path jar(Path dir, String name, Map<String, String> sources, List<Path> cp, String mainClass) throws IOException {
        Path src = dir.resolve(name + "-src"), classes = dir.resolve(name + "-classes");
        List<String> args = new ArrayList<>(List.of("--release", "17", "-g", "-d", classes.toString()));
        if (!cp.isEmpty()) {
            args.addAll(List.of("-cp", cp.get(0).toString()));
        }
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path f = src.resolve(e.getKey());
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue());
            args.add(f.toString());
        }
        if (ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new)) != 0) {
            throw new IllegalStateException("the test's own program " + name + " did not compile");
        }
        return pack(classes, dir.resolve(name + ".jar"), mainClass);
    }

    /** The classes folder as a jar, with a Main-Class when one is given. */
    static Path pack(Path classes, Path jar, String mainClass) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (mainClass != null) {
            m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass);
        }
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m);
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                j.write(Files.readAllBytes(f));
                j.closeEntry();
            }
        }
        return jar;
    }
}
