package racepipe.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BytecodeOffsetsTest {
    /** A method with every size class the reader must know: wide, switches with padding, ldc_w. */
    @SuppressWarnings("unused")
    static int sample(int k, String s) {
        int a = 0, b = 1, c = 2, d = 3, e = 4;
        int[] big = new int[300];
        switch (k) {
            case 1 -> a += 1000;
            case 7 -> b += 2;
            case 100 -> c += 3;
            default -> d += 4;
        }
        switch (k) {
            case 1, 2, 3, 4 -> e++;
            default -> e--;
        }
        return a + b + c + d + e + s.length() + big.length;
    }

    @Test
    void offsets_should_be_those_javap_prints() throws Exception {
        byte[] cls;
        try (InputStream in = BytecodeOffsetsTest.class.getResourceAsStream("BytecodeOffsetsTest.class")) {
            cls = in.readAllBytes();
        }
        Map<String, int[]> offsets = BytecodeOffsets.read(cls);
        int[] sample = offsets.get("sample(ILjava/lang/String;)I");
        assertThat(sample).isNotNull();
        assertThat(javapOffsets("sample")).containsExactly(sample);
    }

    /** The instruction offsets javap -c lists for the method (the JDK's own disassembler as the oracle). */
    private static int[] javapOffsets(String method) throws Exception {
        String cp = System.getProperty("java.class.path");
        Process p = new ProcessBuilder(System.getProperty("java.home") + "/bin/javap", "-c", "-cp", cp,
                BytecodeOffsetsTest.class.getName()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        String body = out.substring(out.indexOf(" " + method + "("));
        body = body.substring(body.indexOf("Code:") + 5);
        int end = body.indexOf("\n\n");
        java.util.List<Integer> found = new java.util.ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^\\s+(\\d+): [a-z]").matcher(end < 0 ? body : body.substring(0, end));
        while (m.find()) {
            found.add(Integer.parseInt(m.group(1)));
        }
        return found.stream().mapToInt(Integer::intValue).toArray();
    }
}
