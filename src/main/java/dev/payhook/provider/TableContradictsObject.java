package dev.payhook.provider;

/**
 * A type table's action that the provider's own object contradicts (a payment read as paid whose
 * status says it failed): the notification cannot be read as its table says, so it is not applied
 * and waits for ops with the table's line; retrying will not help until the table is corrected.
 */
public class TableContradictsObject extends UnparseablePayload {

    public TableContradictsObject(String message) {
        super(message);
    }
}
