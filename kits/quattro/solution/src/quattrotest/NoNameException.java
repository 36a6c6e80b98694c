package quattrotest;

/** Thrown when no name is entered for the human player (Task 3). */
public class NoNameException extends Exception {
    private static final long serialVersionUID = 1L;

    /** The exception with the default message. */
    public NoNameException() {
        super("A name is required: please type your name (it can't be blank).");
    }

    /**
     * The exception with its own message.
     *
     * @param message what went wrong and what to do
     */
    public NoNameException(String message) {
        super(message);
    }
}
