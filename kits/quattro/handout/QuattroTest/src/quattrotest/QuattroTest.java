package quattrotest;

public class QuattroTest {

}
