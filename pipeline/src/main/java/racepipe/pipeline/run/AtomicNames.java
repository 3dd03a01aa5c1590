package racepipe.pipeline.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import racepipe.pipeline.input.ProgramInput;
import racepipe.pipeline.input.UsageError;
import racepipe.pipeline.model.ResultFile;

/**
 * The methods a user names as atomic blocks ({@code --atomic}), checked against the program: each
 * value is {@code pkg.Class#method} (every overload of that name) or a JSON spec file, {@code
 * {"atomic": ["pkg.Class#method", ...]}}. A name that does not parse, a class the program does
 * not have, or a method the class does not declare is one clear line (exit 2), not a block that
 * silently never appears.
 */
public final class AtomicNames {
    private AtomicNames() {
    }

    /** The named methods ({@code pkg.Class#method}, nested classes with '$'), in order, each once. */
    public static List<String> resolve(List<String> values, ProgramInput program) {
        Set<String> names = new LinkedHashSet<>();
        for (String v : values == null ? List.<String>of() : values) {
            if (v.endsWith(".json")) {
                names.addAll(spec(Path.of(v)));
            } else {
                names.add(v.trim());
            }
        }
        for (String n : names) {
            if (!n.matches("[\\w.$]+#[\\w$]+")) {
                throw new UsageError("--atomic wants CLASS#METHOD (e.g. shop.Pool#serve) or a .json spec, not " + n);
            }
            String cls = n.substring(0, n.indexOf('#')), method = n.substring(n.indexOf('#') + 1);
            byte[] bytes = program.classBytes(cls);
            if (bytes == null) {
                throw new UsageError("--atomic " + n + ": no class " + cls + " in the program or its class path");
            }
            if (method.equals("<init>") || method.equals("<clinit>") || !declares(bytes, method)) {
                throw new UsageError("--atomic " + n + ": " + cls + " declares no method " + method
                        + " (constructors and class initialisers are never blocks)");
            }
        }
        return List.copyOf(names);
    }

    /** A spec file's names: {"atomic": [...]} or a bare array. */
    static List<String> spec(Path file) {
        JsonNode root;
        try {
            root = ResultFile.JSON.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new UsageError("--atomic " + file + ": cannot read it as JSON (" + e.getMessage().lines().findFirst().orElse("") + ")");
        }
        JsonNode list = root != null && root.isObject() ? root.get("atomic") : root;
        if (list == null || !list.isArray()) {
            throw new UsageError("--atomic " + file + ": want {\"atomic\": [\"pkg.Class#method\", ...]}");
        }
        List<String> out = new ArrayList<>();
        list.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static boolean declares(byte[] classFile, String method) {
        boolean[] found = {false};
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                found[0] |= name.equals(method);
                return null;
            }
        }, ClassReader.SKIP_CODE);
        return found[0];
    }
}
