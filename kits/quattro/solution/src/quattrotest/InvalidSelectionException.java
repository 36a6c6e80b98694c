package quattrotest;

/** Thrown when the human player makes an invalid selection of a card to play (Task 3). */
public class InvalidSelectionException extends Exception {
    private static final long serialVersionUID = 1L;

    /** The exception with the default message. */
    public InvalidSelectionException() {
        super("That is not a valid selection: type the code of a card in your hand, or draw.");
    }

    /**
     * The exception with its own message.
     *
     * @param message what went wrong and what to do
     */
    public InvalidSelectionException(String message) {
        super(message);
    }
}
