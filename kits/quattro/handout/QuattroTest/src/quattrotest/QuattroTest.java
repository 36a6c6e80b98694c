package quattrotest;

public class QuattroTest {

    public static void main(String[] args) {

    }
}
