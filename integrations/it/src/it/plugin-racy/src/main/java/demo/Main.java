package demo;

public class Main {
    static String last;

    public static void main(String[] a) throws Exception {
        Thread t = new Thread(() -> last = "worker"); // line 7
        t.start();
        System.out.println(last); // line 9
        t.join();
    }
}
